import type { JWTPayload } from 'jose';

/** RFC 7523 §3 (4) lets us bound the lifetime: an assertion is made for one request, so five minutes is plenty. */
export const maxAssertionLifetimeSeconds = 300;
/** How far apart our clock and a client's may be. */
export const clockToleranceSeconds = 30;

/** The audiences that identify us: the issuer, which draft-ietf-oauth-rfc7523bis keeps alone, and the token endpoint RFC 7523 allows. */
export interface AssertionAudiences {
  readonly issuer: string;
  readonly tokenEndpoint: string;
}

/**
 * Why a verified assertion's time and audience claims are refused, or undefined when they hold.
 * draft-ietf-oauth-rfc7523bis §4: `aud` is one string, never an array — an array lets an
 * assertion made for another server that lists us too be replayed here (audience injection).
 * `iat`, when sent, may be neither in the future beyond the clock skew nor older than the
 * longest lifetime we allow an assertion.
 */
export function assertionClaimsProblem(payload: JWTPayload, audiences: AssertionAudiences, nowSeconds: number): string | undefined {
  const { aud, iat, exp } = payload;
  if (Array.isArray(aud)) {
    return `'aud' must be a single string, this server's issuer '${audiences.issuer}': an array (${JSON.stringify(aud)}) is refused (draft-ietf-oauth-rfc7523bis: audience injection)`;
  }
  if (aud !== audiences.issuer && aud !== audiences.tokenEndpoint) {
    return `'aud' must be this server's issuer '${audiences.issuer}' (or its token endpoint '${audiences.tokenEndpoint}'), got ${JSON.stringify(aud ?? null)}`;
  }
  if (iat !== undefined) {
    if (iat > nowSeconds + clockToleranceSeconds) return `'iat' is ${Math.round(iat - nowSeconds)} seconds in the future: sign the assertion when you send it`;
    if (nowSeconds - iat > maxAssertionLifetimeSeconds + clockToleranceSeconds) {
      return `'iat' is ${Math.round(nowSeconds - iat)} seconds old: an assertion may live at most ${maxAssertionLifetimeSeconds} seconds, so sign a fresh one for each request`;
    }
  }
  if (exp !== undefined && exp - nowSeconds > maxAssertionLifetimeSeconds + clockToleranceSeconds) {
    return `'exp' is ${Math.round(exp - nowSeconds)} seconds away: an assertion may live at most ${maxAssertionLifetimeSeconds} seconds`;
  }
  return undefined;
}
