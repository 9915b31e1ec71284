import { compactVerify, createLocalJWKSet, decodeJwt, decodeProtectedHeader, exportJWK, exportSPKI, generateKeyPair, type JWTPayload } from 'jose';
import type { Response } from 'express';
import type { IdJagIssuer } from '../../../conformance/options.js';
import type { AuthHostConfig } from './auth-host.js';
import type { ThirdSampleFaults } from './faults-third-sample.js';
import { randomId, USERS } from './state.js';

export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** The identity provider the fake trusts, and the key the runner signs ID-JAGs with as it (`--id-jag-key`). */
const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
export const ID_JAG_IDP: IdJagIssuer = { issuer: 'https://idp.example', privateJwk: { ...(await exportJWK(privateKey)), kid: 'idp-1', alg: 'ES256' } };
const PUBLIC_KEY_PEM = await exportSPKI(publicKey);
const idpKeys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'idp-1', alg: 'ES256' }] });

/** Ways to break the fake's ID-JAG grant (enterprise-managed authorization, issue 45), one rule each. */
export interface IdJagFaults {
  /** Lists no ID-JAG profile: the runner's id-jag checks skip, as the profile is optional. */
  readonly idJagUnlisted?: boolean;
  /** Refuses every ID-JAG, valid ones too. */
  readonly idJagRefused?: boolean;
  readonly idJagRefreshIssued?: boolean;
  readonly idJagTypUnchecked?: boolean;
  readonly idJagAlgNoneAccepted?: boolean;
  /** Takes an HS256 ID-JAG without checking its MAC (algorithm confusion). */
  readonly idJagHmacAccepted?: boolean;
  readonly idJagSignatureUnchecked?: boolean;
  readonly idJagIssuerUnchecked?: boolean;
  readonly idJagAudienceUnchecked?: boolean;
  /** Takes an `aud` array that names it among others. */
  readonly idJagAudienceArrayAccepted?: boolean;
  readonly idJagClientIdUnchecked?: boolean;
  readonly idJagExpiryUnchecked?: boolean;
  /** Takes an ID-JAG however long it is valid. */
  readonly idJagLifetimeUnbounded?: boolean;
  readonly idJagIatUnchecked?: boolean;
  readonly idJagJtiReusable?: boolean;
  readonly idJagResourceUnchecked?: boolean;
  readonly idJagScopeUnchecked?: boolean;
}

/** What the metadata adds when the fake offers the grant. */
export const idJagMetadata = (faults: IdJagFaults): Record<string, unknown> =>
  faults.idJagUnlisted ? {} : { authorization_grant_profiles_supported: ['urn:ietf:params:oauth:grant-profile:id-jag'] };

const usedJtis = new Set<string>();

/** RFC 7519 sections 4.1.2 and 4.1.7: sub and jti are strings, and an empty one identifies nothing. */
const isIdentifier = (value: unknown): boolean => typeof value === 'string' && value !== '';

/** The jwt-bearer grant with an ID-JAG, checked as the draft says unless a fault skips a rule. */
export async function redeemIdJag(body: Record<string, string | undefined>, res: Response, refuse: (error: string) => void, config: AuthHostConfig): Promise<void> {
  const { faults, state } = config;
  const claims = await verifiedClaims(body.assertion ?? '', faults, faults.freshFault === 'id-jag-public-key-as-mac');
  if (faults.idJagScopeNonStringServerError && claims?.scope !== undefined && typeof claims.scope !== 'string') return void res.status(500).json({ error: 'server_error' });
  if (faults.idJagNullIdentifierServerError && claims !== undefined && (claims.jti === null || claims.sub === null)) return void res.status(500).json({ error: 'server_error' });
  const now = Date.now() / 1000;
  const issuer = config.issuer();
  const ok =
    claims !== undefined &&
    !faults.idJagRefused &&
    (faults.idJagIssuerUnchecked || claims.iss === ID_JAG_IDP.issuer) &&
    (faults.idJagAudienceUnchecked || claims.aud === issuer || (faults.idJagAudienceArrayAccepted && Array.isArray(claims.aud) && claims.aud.includes(issuer))) &&
    (faults.idJagClientIdUnchecked || claims.client_id === body.client_id) &&
    (faults.idJagExpiryUnchecked || (typeof claims.exp === 'number' && claims.exp > now)) &&
    (faults.idJagLifetimeUnbounded || (claims.exp ?? 0) - now <= 360) &&
    (faults.idJagIatUnchecked || (typeof claims.iat === 'number' && claims.iat <= now + 60)) &&
    (faults.idJagResourceUnchecked || claims.resource === undefined || [issuer, `${issuer}/`].includes(String(claims.resource))) &&
    (faults.idJagScopeUnchecked || claims.scope === undefined || claims.scope === 'mcp_customer') &&
    isIdentifier(claims.jti) &&
    isIdentifier(claims.sub) &&
    (faults.idJagJtiReusable || !usedJtis.has(String(claims.jti)));
  const user = USERS.find((candidate) => candidate.email === claims?.['email']);
  if (ok && !user && faults.idJagUnknownPersonServerError) return void res.status(500).json({ error: 'server_error' });
  if (!ok || !user) return refuse('invalid_grant');
  usedJtis.add(String(claims.jti));
  const grantId = randomId('grant_');
  state.grants.set(grantId, { userId: user.id, clientId: body.client_id ?? '', revoked: false });
  const accessToken = randomId('at_');
  state.accessTokens.set(accessToken, { userId: user.id, grantId, scope: 'mcp_customer', expiresAt: Date.now() + config.accessTokenTtlSeconds * 1000, revoked: false });
  if (faults.freshFault === 'id-jag-answer-cacheable') res.removeHeader('cache-control');
  res.json({ access_token: accessToken, token_type: 'Bearer', expires_in: config.accessTokenTtlSeconds, scope: 'mcp_customer', ...(faults.idJagRefreshIssued && { refresh_token: randomId('rt_') }) });
}

/** The claims of a signed ID-JAG of the right type, or undefined. */
async function verifiedClaims(assertion: string, faults: IdJagFaults & ThirdSampleFaults, publicKeyAsMac: boolean): Promise<JWTPayload | undefined> {
  try {
    const header = decodeProtectedHeader(assertion);
    if (header.typ !== 'oauth-id-jag+jwt' && !faults.idJagTypUnchecked) return undefined;
    // Algorithm confusion: the key verifies whatever alg the header names, HS256 with its PEM as the secret.
    if (publicKeyAsMac && header.alg === 'HS256') {
      await compactVerify(assertion, new TextEncoder().encode(PUBLIC_KEY_PEM), { algorithms: ['HS256'] });
      return decodeJwt(assertion);
    }
    const kidless = header.kid === undefined && faults.thirdSampleFault === 'id-jag-no-kid-unverified';
    const unchecked = kidless || faults.idJagSignatureUnchecked || (header.alg === 'none' && faults.idJagAlgNoneAccepted) || (header.alg === 'HS256' && faults.idJagHmacAccepted);
    // The signature alone: each claim is judged above, so that one fault skips one rule.
    if (!unchecked) await compactVerify(assertion, idpKeys, { algorithms: ['ES256'] });
    return decodeJwt(assertion);
  } catch {
    return undefined;
  }
}
