import { generateKeyPairSync } from 'node:crypto';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JWK, type JWTPayload } from 'jose';
import type { PrivateKeyJwtClient } from '../../../conformance/options.js';
import type { Faults } from './faults.js';
import type { FakeClient } from './state.js';

/** A private_key_jwt client QA would host: its document names its public key inline. */
export const JWT_CLIENT_METADATA_URL = 'https://client.example/oauth/chatgpt-like.json';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const kid = 'conformance-key';
const publicJwk = { ...(publicKey.export({ format: 'jwk' }) as JWK), kid, alg: 'ES256', use: 'sig' };

/** For --client-metadata-jwt-url and --client-metadata-jwt-key. */
export const JWT_CLIENT: PrivateKeyJwtClient = {
  documentUrl: JWT_CLIENT_METADATA_URL,
  privateJwk: { ...(privateKey.export({ format: 'jwk' }) as JWK), kid, alg: 'ES256' },
};

export const jwtClientDocument = (redirectUris: readonly string[]) => ({
  client_id: JWT_CLIENT_METADATA_URL,
  client_name: 'survey-mcp conformance (private_key_jwt)',
  redirect_uris: redirectUris,
  token_endpoint_auth_method: 'private_key_jwt',
  jwks: { keys: [publicJwk] },
});

/** What the fake lists in its metadata for client authentication. */
export function authMethodsMetadata(faults: Faults): Record<string, unknown> {
  if (faults.privateKeyJwtUnlisted) return { token_endpoint_auth_methods_supported: ['none'] };
  return {
    token_endpoint_auth_methods_supported: ['none', 'private_key_jwt'],
    ...(!faults.signingAlgsUnlisted && { token_endpoint_auth_signing_alg_values_supported: ['ES256', 'RS256'] }),
  };
}

const usedJtis = new Set<string>();

/** The claims jwtVerify would check, for the fault that skips only the signature. */
function claimsChecked(payload: JWTPayload, clientId: string, issuer: string): JWTPayload {
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (payload.iss !== clientId || payload.sub !== clientId || !audiences.includes(issuer) || (payload.exp ?? 0) * 1000 < Date.now()) {
    throw new Error('claims refused');
  }
  return payload;
}

/** Whether a token request of `client` authenticates as its document says (RFC 7523); false: invalid_client. */
export async function clientAuthenticates(client: FakeClient, body: Record<string, string | undefined>, issuer: string, faults: Faults): Promise<boolean> {
  if (client.record['token_endpoint_auth_method'] !== 'private_key_jwt') return true;
  const assertion = body['client_assertion'];
  if (assertion === undefined) return faults.assertionOptional === true;
  if (faults.assertionsRefused) return false;
  try {
    const payload = faults.assertionSignatureUnchecked
      ? claimsChecked(decodeJwt(assertion), client.clientId, issuer)
      : (
          await jwtVerify(assertion, createLocalJWKSet(client.record['jwks'] as { keys: JWK[] }), {
            issuer: client.clientId,
            subject: client.clientId,
            ...(!faults.assertionAudienceUnchecked && { audience: issuer }),
            ...(faults.assertionExpiryUnchecked && { currentDate: new Date(0) }),
          })
        ).payload;
    if (!faults.assertionJtiReusable) {
      if (usedJtis.has(String(payload.jti))) return false;
      usedJtis.add(String(payload.jti));
    }
    return true;
  } catch {
    return false;
  }
}
