import { generateKeyPairSync } from 'node:crypto';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JWK, type JWTPayload } from 'jose';
import type { PrivateKeyJwtClient } from '../../../conformance/options.js';
import type { Faults } from './faults.js';
import type { FakeClient } from './state.js';

/** The private_key_jwt client QA would host, twice: one document names its public key inline, one at a jwks_uri. */
export const JWT_CLIENT_METADATA_URL = 'https://client.example/oauth/chatgpt-like.json';
export const JWT_URI_CLIENT_METADATA_URL = 'https://client.example/oauth/chatgpt-like-jwks-uri.json';
const JWKS_URI = 'https://client.example/oauth/chatgpt-like.jwks';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const kid = 'conformance-key';
const publicJwk = { ...(publicKey.export({ format: 'jwk' }) as JWK), kid, alg: 'ES256', use: 'sig' };

/** For --client-metadata-jwt-url and --client-metadata-jwt-key. */
export const JWT_CLIENT: PrivateKeyJwtClient = {
  documentUrls: [JWT_CLIENT_METADATA_URL, JWT_URI_CLIENT_METADATA_URL],
  privateJwk: { ...(privateKey.export({ format: 'jwk' }) as JWK), kid, alg: 'ES256' },
};

/** The two documents of JWT_CLIENT, by URL. */
export const jwtClientDocuments = (redirectUris: readonly string[]): [string, Record<string, unknown>][] =>
  [
    [JWT_CLIENT_METADATA_URL, { jwks: { keys: [publicJwk] } }],
    [JWT_URI_CLIENT_METADATA_URL, { jwks_uri: JWKS_URI }],
  ].map(([url, keys]) => [
    url as string,
    { client_id: url, client_name: 'survey-mcp conformance (private_key_jwt)', redirect_uris: redirectUris, token_endpoint_auth_method: 'private_key_jwt', ...(keys as object) },
  ]);

/** The key set a document names, as the fake reads it: inline, or "fetched" from its jwks_uri. */
function keySetOf(record: Record<string, unknown>, faults: Faults): { keys: JWK[] } | undefined {
  if (record['jwks_uri'] === JWKS_URI && !faults.jwksUriUnread) return { keys: [publicJwk] };
  return record['jwks'] as { keys: JWK[] } | undefined;
}

/** What the fake lists in its metadata for client authentication. */
export function authMethodsMetadata(faults: Faults): Record<string, unknown> {
  if (faults.privateKeyJwtUnlisted) return { token_endpoint_auth_methods_supported: ['none'] };
  return {
    token_endpoint_auth_methods_supported: ['none', 'private_key_jwt'],
    ...(!faults.signingAlgsUnlisted && { token_endpoint_auth_signing_alg_values_supported: ['ES256', 'RS256'] }),
  };
}

const usedJtis = new Set<string>();

/** Who an assertion may be addressed to (RFC 7523 section 3 (3)). */
export interface AssertionAudience {
  readonly issuer: string;
  readonly tokenEndpoint: string;
}

const audiencesOf = ({ issuer, tokenEndpoint }: AssertionAudience, faults: Faults): string[] => [issuer, ...(faults.assertionTokenEndpointAudienceRefused ? [] : [tokenEndpoint])];

/** The claims jwtVerify would check, for the fault that skips only the signature. */
function claimsChecked(payload: JWTPayload, clientId: string, audiences: readonly string[]): JWTPayload {
  const named = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (payload.iss !== clientId || payload.sub !== clientId || !named.some((aud) => aud !== undefined && audiences.includes(aud)) || (payload.exp ?? 0) * 1000 < Date.now()) {
    throw new Error('claims refused');
  }
  return payload;
}

/** Where an array aud is taken, and which member it must name there. */
const arrayAudienceTaken = (aud: readonly string[], { issuer, tokenEndpoint }: AssertionAudience, faults: Faults): boolean =>
  (faults.assertionAudienceArrayAccepted === true && aud.includes(issuer)) || (faults.assertionAudienceInjectionAccepted === true && aud.includes(tokenEndpoint));

/** draft-ietf-oauth-rfc7523bis beyond what jwtVerify checks: one aud string, an iat neither ahead of the clock skew nor older than five minutes. */
function bisRulesHold(payload: JWTPayload, audience: AssertionAudience, faults: Faults): boolean {
  if (Array.isArray(payload.aud) && !arrayAudienceTaken(payload.aud, audience, faults)) return false;
  const now = Date.now() / 1000;
  if (payload.iat !== undefined && payload.iat > now + 30 && !faults.assertionIatFutureAccepted) return false;
  return payload.iat === undefined || now - payload.iat <= 330 || faults.assertionIatAgeUnchecked === true;
}

/** Whether a token request of `client` authenticates as its document says (RFC 7523); false: invalid_client. */
export async function clientAuthenticates(client: FakeClient, body: Record<string, string | undefined>, audience: AssertionAudience, faults: Faults): Promise<boolean> {
  const assertion = body['client_assertion'];
  // RFC 6749 section 4.1.3: client authentication that is included is checked; a public client has no keys to pass it.
  if (client.record['token_endpoint_auth_method'] !== 'private_key_jwt') {
    return assertion === undefined || faults.publicClientAssertionIgnored === true || (faults.untypedAssertionIgnored === true && body['client_assertion_type'] === undefined);
  }
  if (assertion === undefined) return faults.assertionOptional === true || (faults.sampleFault === 'jwt-refresh-unauthenticated' && body['grant_type'] === 'refresh_token');
  if (faults.assertionsRefused) return false;
  const audiences = audiencesOf(audience, faults);
  try {
    const unsigned = faults.assertionAlgNoneAccepted && decodeProtectedHeader(assertion).alg === 'none';
    const payload = faults.assertionSignatureUnchecked || unsigned
      ? claimsChecked(decodeJwt(assertion), client.clientId, audiences)
      : (
          await jwtVerify(assertion, createLocalJWKSet(keySetOf(client.record, faults) ?? { keys: [] }), {
            issuer: client.clientId,
            ...(faults.sampleFault !== 'assertion-sub-unchecked' && { subject: client.clientId }),
            ...(!faults.assertionAudienceUnchecked && { audience: audiences }),
            ...(faults.assertionExpiryUnchecked && { currentDate: new Date(0) }),
          })
        ).payload;
    if (!bisRulesHold(payload, audience, faults)) return false;
    if ((typeof payload.jti !== 'string' || payload.jti === '') && !faults.assertionJtiMalformedAccepted) return false;
    if (!faults.assertionJtiReusable) {
      if (usedJtis.has(String(payload.jti))) return false;
      usedJtis.add(String(payload.jti));
    }
    return true;
  } catch {
    return false;
  }
}

/** The client an assertion names by its sub (RFC 7521 section 4.2: client_id is optional beside one), if it decodes. */
export function assertedClientId(assertion: string | undefined): string | undefined {
  if (assertion === undefined) return undefined;
  try {
    const { sub } = decodeJwt(assertion);
    return typeof sub === 'string' ? sub : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a client assertion's exp has passed, for the fault that answers that with invalid_grant. */
export function assertionExpired(assertion: string | undefined): boolean {
  if (assertion === undefined) return false;
  try {
    const { exp } = decodeJwt(assertion);
    return typeof exp === 'number' && exp * 1000 < Date.now();
  } catch {
    return false;
  }
}
