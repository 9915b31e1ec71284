import { createLocalJWKSet, decodeJwt, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import type { ClientKeys, OAuthClient } from '../store/auth-store.js';
import { ClientMetadataError } from './client-metadata/errors.js';
import type { ClientKeySets } from './client-metadata/key-sets.js';
import { retryFetchAfterSeconds } from './clients.js';
import type { OAuthContext } from './context.js';
import { OAuthError } from './errors.js';
import { assertionClaimsProblem, clockToleranceSeconds, type AssertionAudiences } from './assertion-claims.js';

/** RFC 7523 §2.2: the only assertion type we read. */
export const jwtBearerAssertionType = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** Asymmetric algorithms only: a shared-secret MAC (HS256) would need a secret, and we issue none. */
export const assertionAlgorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/**
 * A refused assertion: `invalid_client` at 401 (RFC 6749 §5.2), saying what the client must
 * change; `clientId` once the client is known (its document read), for the audit trail.
 */
export class AssertionRefusal extends OAuthError {
  constructor(
    why: string,
    readonly clientId?: string,
  ) {
    super('invalid_client', `the client assertion is refused: ${why}`, { status: 401 });
  }
}

const refused = (why: string): AssertionRefusal => new AssertionRefusal(why);

/** The `client_id` an assertion names (RFC 7521 §4.2: the body's `client_id` is optional beside one). */
export function assertedClientId(assertion: string): string | undefined {
  try {
    const { sub } = decodeJwt(assertion);
    return typeof sub === 'string' ? sub : undefined;
  } catch {
    throw refused("'client_assertion' is not a JWT (three base64url parts, RFC 7519)");
  }
}

function whyRefused(error: unknown): string {
  if (error instanceof errors.JWTExpired) return "it has expired ('exp' is past): sign a fresh assertion for each request";
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return `it has no '${error.claim}' claim, which RFC 7523 §3 requires`;
    if (error.claim === 'iss' || error.claim === 'sub') return `'${error.claim}' must be the client_id`;
    return `'${error.claim}' is not acceptable (${error.message})`;
  }
  if (error instanceof errors.JWKSNoMatchingKey) return "no key in the client's key set matches its 'kid' and 'alg'";
  if (error instanceof errors.JWSSignatureVerificationFailed) return "its signature does not verify with the client's key";
  if (error instanceof errors.JOSEAlgNotAllowed) return `its 'alg' must be one of ${assertionAlgorithms.join(', ')}`;
  if (error instanceof errors.JOSEError) return `it is not a valid signed JWT (${error.message})`;
  throw error;
}

/** The key set to verify with; a fetch of the `jwks_uri` that fails for now is a 503, as a document's is. */
async function keySetOf(clientId: string, keys: ClientKeys, keySets: ClientKeySets, refetch: boolean): Promise<JSONWebKeySet> {
  if ('jwks' in keys) return keys.jwks as JSONWebKeySet;
  try {
    return await keySets.keySet(clientId, keys.jwksUri, refetch);
  } catch (error) {
    if (!(error instanceof ClientMetadataError)) throw error;
    if (error.transient) throw new OAuthError('temporarily_unavailable', `the client's key set could not be fetched just now: ${error.message}; try again shortly`, { retryAfterSeconds: retryFetchAfterSeconds });
    throw refused(`the client's key set is not usable: ${error.message}`);
  }
}

/**
 * RFC 7523 §3 and RFC 7521 §4.2: a private_key_jwt client's assertion, signed by a key of its
 * metadata document, with `iss` = `sub` = its client_id, `aud` naming us (one string), a short
 * `exp`, a recent `iat` and a `jti` never seen before (across instances: the store keeps it).
 */
export async function verifyClientAssertion(
  context: OAuthContext,
  keySets: ClientKeySets,
  client: OAuthClient & { keys: ClientKeys },
  params: Record<string, string | undefined>,
): Promise<void> {
  const refusal = (why: string) => new AssertionRefusal(why, client.id);
  const assertion = params.client_assertion;
  if (!assertion) throw refusal(`this client authenticates with private_key_jwt (its metadata document says so): send 'client_assertion' with 'client_assertion_type' ${jwtBearerAssertionType}`);
  if (params.client_assertion_type !== jwtBearerAssertionType) throw refusal(`'client_assertion_type' must be '${jwtBearerAssertionType}'`);
  const audiences: AssertionAudiences = { issuer: context.issuer, tokenEndpoint: `${context.authUrl}/oauth/token` };
  const now = context.clock.now();
  const verify = async (refetch: boolean) =>
    jwtVerify(assertion, createLocalJWKSet(await keySetOf(client.id, client.keys, keySets, refetch)), {
      issuer: client.id,
      subject: client.id,
      algorithms: assertionAlgorithms,
      requiredClaims: ['exp', 'jti', 'aud'],
      currentDate: new Date(now),
      clockTolerance: clockToleranceSeconds,
    });
  let payload: JWTPayload;
  try {
    // A key the copy lacks may be a rotated one: its host is asked once more.
    payload = (await verify(false).catch((error: unknown) => (error instanceof errors.JWKSNoMatchingKey && 'jwksUri' in client.keys ? verify(true) : Promise.reject(error)))).payload;
  } catch (error) {
    if (error instanceof OAuthError) throw error;
    throw refusal(whyRefused(error));
  }
  const problem = assertionClaimsProblem(payload, audiences, now / 1000);
  if (problem) throw refusal(problem);
  const exp = payload.exp!;
  if (typeof payload.jti !== 'string' || payload.jti === '') throw refusal("'jti' must be a non-empty string");
  if (!(await context.store.useAssertionId(client.id, payload.jti, (exp + clockToleranceSeconds) * 1000, now))) {
    throw refusal("its 'jti' was used before: sign a new assertion with a new 'jti' for every request (RFC 7523 §3)");
  }
}
