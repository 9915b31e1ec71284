import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

/**
 * An unknown `kid` fetches the provider's key set again at most once in this interval: a key the
 * provider has just rotated in is found at once, while a stream of made-up `kid`s costs the
 * provider one request per interval, not one per grant.
 */
export const keySetRefetchIntervalMs = 30_000;
/** A key set older than this is fetched again before use, whatever the `kid`. */
const keySetMaxAgeMs = 10 * 60_000;
const keySetTimeoutMs = 5_000;

/** The company's identity provider as the issuer of ID-JAGs: its issuer and its published signing keys. */
export interface IdJagKeys {
  readonly issuer: string;
  readonly jwksUri: string;
  readonly keys: JWTVerifyGetKey;
}

/** The keys at the provider's `jwks_uri` (from its OpenID metadata), cached and refetched within the budget above. */
export function idJagKeys(provider: { readonly issuer: string; readonly jwksUri: string }): IdJagKeys {
  const keys = createRemoteJWKSet(new URL(provider.jwksUri), {
    cooldownDuration: keySetRefetchIntervalMs,
    cacheMaxAge: keySetMaxAgeMs,
    timeoutDuration: keySetTimeoutMs,
  });
  return { issuer: provider.issuer, jwksUri: provider.jwksUri, keys };
}
