import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { ClientMetadataError } from '../client-metadata/errors.js';
import { assertionAlgorithms } from '../client-assertion.js';
import { invalidGrant, OAuthError } from '../errors.js';

/** draft-ietf-oauth-identity-assertion-authz-grant: the `typ` an ID-JAG carries, so no other JWT of the provider passes for one. */
export const idJagType = 'oauth-id-jag+jwt';
/** An ID-JAG is made for one redemption: one that is still valid five minutes from now is refused as long-lived. */
export const maxIdJagLifetimeSeconds = 300;
/** How far apart the provider's clock and ours may be. */
export const idJagSkewSeconds = 60;

/** What an ID-JAG must match at this server. */
export interface IdJagExpectations {
  /** The company's identity provider (`--sso-issuer`): `iss`. */
  readonly issuer: string;
  /** The provider's published keys; `refetch` asks it again for a `kid` the copy lacks. */
  readonly keySet: (refetch: boolean) => Promise<JSONWebKeySet>;
  /** Our issuer as published in our metadata: `aud`, a single value. */
  readonly audience: string;
  /** The client that authenticated at the token endpoint: `client_id`. */
  readonly clientId: string;
  readonly namesResource: (resource: string) => boolean;
  readonly resource: string;
  readonly offeredScopes: readonly string[];
  readonly nowMs: number;
}

/** The claims of an accepted ID-JAG that decide who the person is and what is granted. */
export interface IdJagClaims {
  readonly subject: string;
  readonly jti: string;
  /** Seconds since the epoch. */
  readonly expiresAt: number;
  /** Undefined: the grant names no scope, so every scope we offer is within it. */
  readonly scopes: readonly string[] | undefined;
  readonly email: unknown;
  readonly emailVerified: unknown;
  readonly name: unknown;
  readonly tenant: { readonly hd: unknown; readonly tid: unknown };
}

/** Every refusal is `invalid_grant` (RFC 7521 §4.1: the assertion is not valid), saying what is wrong. */
const refused = (why: string): OAuthError => invalidGrant(`the ID-JAG is refused: ${why}`);

function whyRefused(error: unknown, expect: IdJagExpectations): string {
  if (error instanceof errors.JWTExpired) return "it has expired ('exp' is past): ask the identity provider for a new one";
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return `it has no '${error.claim}' claim, which an ID-JAG must carry`;
    if (error.claim === 'typ') return `its header 'typ' must be '${idJagType}': another kind of JWT from the provider is not a grant`;
    if (error.claim === 'iss') return `'iss' must be the identity provider this server trusts, '${expect.issuer}'`;
    if (error.claim === 'aud') return `'aud' must be this server's issuer '${expect.audience}', as its metadata publishes it`;
    return `'${error.claim}' is not acceptable (${error.message})`;
  }
  if (error instanceof errors.JWKSNoMatchingKey) return "no key the identity provider publishes at its jwks_uri matches its 'kid' and 'alg'";
  if (error instanceof errors.JWSSignatureVerificationFailed) return "its signature does not verify with the identity provider's key";
  if (error instanceof errors.JOSEAlgNotAllowed) return `its 'alg' must be one of ${assertionAlgorithms.join(', ')}`;
  if (error instanceof errors.JOSEError) return `it is not a valid signed JWT (${error.message})`;
  throw error;
}

/** A key set that cannot be fetched just now says nothing about the grant: 503, to try again. */
const keySetUnavailable = (error: ClientMetadataError): OAuthError =>
  new OAuthError('temporarily_unavailable', `${error.message}; try again shortly`, { retryAfterSeconds: 10 });

/** `alg: none` and shared-secret MACs are refused before any key is looked for: the provider signs with a private key. */
function checkAlgorithm(assertion: string): void {
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(assertion).alg;
  } catch {
    throw refused("'assertion' is not a JWT (three base64url parts, RFC 7519)");
  }
  if (alg === 'none') throw refused("'alg' is 'none': an ID-JAG must be signed by the identity provider");
  if (typeof alg === 'string' && /^HS/.test(alg)) throw refused(`'alg' is '${alg}', a shared-secret MAC: an ID-JAG must be signed with the provider's private key`);
}

const describeValue = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** The claims jose does not check: a single `aud`, the lifetime, `iat`, `client_id`, `resource` and `scope`. */
function claimsProblem(payload: JWTPayload, expect: IdJagExpectations): string | undefined {
  const now = expect.nowMs / 1000;
  if (Array.isArray(payload.aud)) {
    return `'aud' must be a single string, this server's issuer '${expect.audience}': an array (${describeValue(payload.aud)}) is refused, a grant is for one server`;
  }
  const { exp, iat } = payload as { exp: number; iat: number };
  if (exp - now > maxIdJagLifetimeSeconds + idJagSkewSeconds) {
    return `'exp' is ${Math.round(exp - now)} seconds away: an ID-JAG may be valid for at most ${maxIdJagLifetimeSeconds} seconds, so long-lived grants are refused`;
  }
  if (iat > now + idJagSkewSeconds) return `'iat' is ${Math.round(iat - now)} seconds in the future (at most ${idJagSkewSeconds} s of clock skew is allowed)`;
  if (payload.client_id !== expect.clientId) {
    return `'client_id' is ${describeValue(payload.client_id ?? null)} but the client that authenticated is '${expect.clientId}': the grant is for another client`;
  }
  if (typeof payload.jti !== 'string' || payload.jti === '') return "'jti' must be a non-empty string";
  if (typeof payload.sub !== 'string' || payload.sub === '') return "'sub' must be a non-empty string: the person at the identity provider";
  if (payload.resource !== undefined && (typeof payload.resource !== 'string' || !expect.namesResource(payload.resource))) {
    return `'resource' must be this MCP server '${expect.resource}', got ${describeValue(payload.resource)}`;
  }
  if (payload.scope !== undefined) {
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
    const foreign = scopes.filter((scope) => !expect.offeredScopes.includes(scope));
    if (typeof payload.scope !== 'string' || scopes.length === 0 || foreign.length > 0) {
      return `'scope' ${describeValue(payload.scope)} is not within what this server offers (${expect.offeredScopes.join(' ')})`;
    }
  }
  return undefined;
}

/**
 * An Identity Assertion JWT Authorization Grant, checked as the draft's processing rules say:
 * the header's `typ`, a signature by a key the provider publishes, `iss`, a single `aud`
 * naming us, `client_id` the client that authenticated, a short life, `iat` not ahead, and
 * `resource` and `scope` within what we offer. Its `jti` is the caller's to spend.
 */
export async function verifyIdJag(assertion: string, expect: IdJagExpectations): Promise<IdJagClaims> {
  checkAlgorithm(assertion);
  const verify = async (refetch: boolean) =>
    jwtVerify(assertion, createLocalJWKSet(await expect.keySet(refetch)), {
      typ: idJagType,
      issuer: expect.issuer,
      audience: expect.audience,
      algorithms: assertionAlgorithms,
      requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat', 'jti', 'client_id'],
      currentDate: new Date(expect.nowMs),
      clockTolerance: idJagSkewSeconds,
    });
  let payload: JWTPayload;
  try {
    // A key the copy lacks may be one the provider has just rolled in: it is asked once more.
    payload = (await verify(false).catch((error: unknown) => (error instanceof errors.JWKSNoMatchingKey ? verify(true) : Promise.reject(error)))).payload;
  } catch (error) {
    throw error instanceof ClientMetadataError ? keySetUnavailable(error) : refused(whyRefused(error, expect));
  }
  const problem = claimsProblem(payload, expect);
  if (problem) throw refused(problem);
  return {
    subject: payload.sub!,
    jti: payload.jti!,
    expiresAt: payload.exp!,
    scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : undefined,
    email: payload.email,
    emailVerified: payload.email_verified,
    name: payload.name,
    tenant: { hd: payload.hd, tid: payload.tid },
  };
}
