import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { fail, notVerified, skip } from '../../check.js';
import type { Authorization, CheckContext } from '../../context.js';
import { describeResponse, expectJsonObject } from '../../expect.js';
import { cite, jsonOf, type Exchange } from '../../http.js';
import { isObject } from '../../mcp.js';
import type { PrivateKeyJwtClient } from '../../options.js';

export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
export const PRIVATE_KEY_JWT_SPEC = 'RFC 7523 section 3, RFC 7521 section 4.2; CIMD draft section 4.1 (token_endpoint_auth_method)';

/** What the runner varies in an assertion to see it refused. */
export interface AssertionShape {
  /** An array is the form draft-ietf-oauth-rfc7523bis refuses. */
  readonly aud?: string | readonly string[];
  /** Seconds from now; negative for an expired assertion. */
  readonly expiresIn?: number;
  /** Seconds before now for iat; negative for an iat in the future. */
  readonly issuedAgo?: number;
  /** null: the claim sent as JSON null, which RFC 7519 section 4.1.7 makes a string. */
  readonly jti?: string | null;
  /** Sign with a key the document does not publish, under the published key's kid. */
  readonly strangerKey?: boolean;
  /** Another sub than the client_id (and iss) the assertion is sent for. */
  readonly subject?: string;
}

export interface JwtClientRun {
  readonly ctx: CheckContext;
  readonly jwt: PrivateKeyJwtClient;
  /** The client_id the run signs for: one of the documents of --client-metadata-jwt-url. */
  readonly documentUrl: string;
  /** RFC 7523 section 3 (3): either identifies the authorization server as an audience. */
  readonly issuer: string;
  readonly tokenEndpoint: string;
}

/** Whether the deployment lists private_key_jwt, and the audiences that identify it. */
export async function clientAuthentication(ctx: CheckContext): Promise<{ listed: boolean; issuer: string; tokenEndpoint: string }> {
  const metadata = (await ctx.document('authorization-server')).json;
  const methods = metadata?.['token_endpoint_auth_methods_supported'];
  return {
    listed: Array.isArray(methods) && methods.includes('private_key_jwt'),
    issuer: String(metadata?.['issuer'] ?? ctx.target.baseUrl),
    tokenEndpoint: String(metadata?.['token_endpoint'] ?? ''),
  };
}

export const NONE_ALONE_SKIP = 'the deployment lists no private_key_jwt in token_endpoint_auth_methods_supported: none alone is a conforming choice';

/** Skips unless the deployment lists private_key_jwt (none alone conforms); its audiences otherwise. */
export async function privateKeyJwtListed(ctx: CheckContext): Promise<{ issuer: string; tokenEndpoint: string }> {
  const { listed, ...audiences } = await clientAuthentication(ctx);
  if (!listed) skip(NONE_ALONE_SKIP);
  return audiences;
}

/** Skips unless the deployment lists private_key_jwt and the run has a client for it: its first document. */
export async function privateKeyJwtRun(ctx: CheckContext): Promise<JwtClientRun> {
  const audiences = await privateKeyJwtListed(ctx);
  const jwt = ctx.settings.privateKeyJwtClient;
  if (!jwt) notVerified('needs --client-metadata-jwt-url and --client-metadata-jwt-key: a private_key_jwt client document you host and its private key');
  return { ctx, jwt, documentUrl: jwt.documentUrls[0], ...audiences };
}

async function strangerJwk(alg: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return exportJWK(privateKey);
}

/** Signed by `jwk` under its `kid` and `alg` (or a stranger's key under them), with iss = sub = `clientId` unless the shape names another sub. */
async function assertionOf(clientId: string, jwk: Readonly<Record<string, unknown>>, aud: string, shape: AssertionShape): Promise<string> {
  const alg = String(jwk['alg']);
  const kid = String(jwk['kid']);
  const key = await importJWK(shape.strangerKey ? await strangerJwk(alg) : (jwk as JWK), alg);
  const now = Math.floor(Date.now() / 1000) - (shape.issuedAgo ?? 0);
  // jose types jti as a string; null is what the check sends on purpose.
  const signer = new SignJWT(shape.jti === null ? ({ jti: null } as unknown as JWTPayload) : {})
    .setProtectedHeader({ alg, kid })
    .setIssuer(clientId)
    .setSubject(shape.subject ?? clientId)
    .setAudience(typeof shape.aud === 'object' ? [...shape.aud] : (shape.aud ?? aud))
    .setIssuedAt(now)
    .setExpirationTime(now + (shape.issuedAgo ?? 0) + (shape.expiresIn ?? 60));
  return (shape.jti === null ? signer : signer.setJti(shape.jti ?? randomUUID())).sign(key);
}

/** An assertion for the run's client: by default one that every rule accepts. */
export function signAssertion(run: JwtClientRun, shape: AssertionShape = {}): Promise<string> {
  return assertionOf(run.documentUrl, run.jwt.privateJwk, run.issuer, shape);
}

/** An assertion for `clientId`, otherwise valid, signed by a key the runner made up just now. */
export function strangerAssertion(clientId: string, issuer: string): Promise<string> {
  return assertionOf(clientId, { alg: 'ES256', kid: 'runner-made-up' }, issuer, { strangerKey: true });
}

/** A new approved authorization of the run's private_key_jwt client, its code not yet redeemed. */
export async function authorizeJwtClient(run: JwtClientRun): Promise<Authorization> {
  return run.ctx.authorizeCode(await run.ctx.metadataClient(run.documentUrl));
}

/** Redeems the code with `assertion` (or none, when undefined), under `assertionType` unless that is left out. */
export async function redeemWith(authorization: Authorization, assertion: string | undefined, assertionType: 'typed' | 'untyped' = 'typed'): Promise<Exchange> {
  const { client, pending, callback } = authorization;
  const exchange = await client.tokenRequest({
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code') ?? '',
    redirect_uri: client.redirectUri,
    code_verifier: pending.codeVerifier,
    resource: client.resource,
    ...(assertion !== undefined && { ...(assertionType === 'typed' && { client_assertion_type: JWT_BEARER }), client_assertion: assertion }),
  });
  cite(exchange);
  return exchange;
}

/** The tokens of a redemption that must have worked. */
export function expectTokens(exchange: Exchange, what: string): Record<string, unknown> {
  if (exchange.response.status !== 200) fail(`${what}: expected tokens, got ${describeResponse(exchange)}`);
  const body = expectJsonObject(exchange, what);
  if (typeof body['access_token'] !== 'string') fail(`${what}: the answer has no access_token`);
  return body;
}

/** RFC 6749 section 5.2: a client that fails to authenticate gets invalid_client (401, or 400). */
export function expectInvalidClient(exchange: Exchange, what: string): string {
  const body = jsonOf(exchange);
  if (exchange.response.status === 200) fail(`${what}: the deployment accepted it and issued tokens`);
  if (![400, 401].includes(exchange.response.status) || !isObject(body) || body['error'] !== 'invalid_client') {
    fail(`${what}: expected HTTP 401 (or 400) with "error": "invalid_client", got ${describeResponse(exchange)}`);
  }
  return `HTTP ${exchange.response.status} invalid_client${typeof body['error_description'] === 'string' ? `: ${body['error_description']}` : ''}`;
}

/** A check that one wrong assertion is refused at the token endpoint, the code unspent. */
export async function refusedAssertion(ctx: CheckContext, shape: (run: JwtClientRun) => AssertionShape | undefined, what: string): Promise<string> {
  const run = await privateKeyJwtRun(ctx);
  const authorization = await authorizeJwtClient(run);
  const chosen = shape(run);
  const refused = await redeemWith(authorization, chosen === undefined ? undefined : await signAssertion(run, chosen));
  return expectInvalidClient(refused, what);
}
