import { randomUUID } from 'node:crypto';
import { exportSPKI, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { fail, skip } from '../../check.js';
import { MCP_SCOPE, type OAuthClient } from '../../client.js';
import type { CheckContext } from '../../context.js';
import { describeResponse, expectJsonObject } from '../../expect.js';
import { cite, jsonOf, type Exchange } from '../../http.js';
import { isObject } from '../../mcp.js';
import type { IdJagIssuer } from '../../options.js';

export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
export const ID_JAG_PROFILE = 'urn:ietf:params:oauth:grant-profile:id-jag';
export const ID_JAG_TYPE = 'oauth-id-jag+jwt';
export const ID_JAG_SPEC = 'draft-ietf-oauth-identity-assertion-authz-grant section 4.4 (processing rules); MCP enterprise-managed authorization (SEP-990)';

/** What one ID-JAG check works with: the provider, the person, the client and our audience. */
export interface IdJagRun {
  readonly ctx: CheckContext;
  readonly idp: IdJagIssuer;
  readonly email: string;
  readonly client: OAuthClient;
  /** The deployment's issuer as its metadata publishes it: the ID-JAG's `aud`. */
  readonly audience: string;
}

export const NOT_ADVERTISED_SKIP = 'the deployment does not list the ID-JAG profile in authorization_grant_profiles_supported: enterprise-managed authorization is optional';

/** Skips unless the deployment advertises the profile and the run can sign as a provider it trusts. */
export async function idJagRun(ctx: CheckContext): Promise<IdJagRun> {
  const metadata = (await ctx.document('authorization-server')).json;
  const profiles = metadata?.['authorization_grant_profiles_supported'];
  if (!Array.isArray(profiles) || !profiles.includes(ID_JAG_PROFILE)) skip(NOT_ADVERTISED_SKIP);
  const idp = ctx.settings.idJag;
  if (!idp) skip('needs --id-jag-key and --id-jag-issuer: the signing key of an identity provider the deployment trusts (--sso-id-jag)');
  const signIn = ctx.settings.signIn;
  if (signIn?.kind !== 'password') skip('needs --user: the person the ID-JAGs name, by email');
  const url = ctx.settings.clientMetadataUrl;
  const client = url ? await ctx.metadataClient(url) : await ctx.client();
  return { ctx, idp, email: signIn.user, client, audience: String(metadata?.['issuer'] ?? ctx.target.baseUrl) };
}

/** What a check changes in an otherwise valid ID-JAG; a claim set to undefined is left out. */
export interface GrantShape {
  readonly claims?: Readonly<Record<string, unknown>>;
  readonly typ?: string;
  /**
   * `none`: unsigned; `HS256`: a MAC under a made-up secret; `HS256-public-key`: a MAC whose secret
   * is the provider's public key as PEM (algorithm confusion); `stranger`: a key the provider never
   * published, under its kid.
   */
  readonly signing?: 'none' | 'HS256' | 'HS256-public-key' | 'stranger';
  /** Seconds from now (default 120). */
  readonly expiresIn?: number;
}

const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An ID-JAG for the run's person and client, addressed to the deployment: valid unless `shape` breaks a rule. */
export async function mintIdJag(run: IdJagRun, shape: GrantShape = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: JWTPayload = Object.fromEntries(
    Object.entries({
      iss: run.idp.issuer,
      sub: run.idp.subject ?? run.email,
      aud: run.audience,
      client_id: run.client.clientId,
      email: run.email,
      email_verified: true,
      resource: run.ctx.target.baseUrl,
      scope: MCP_SCOPE,
      jti: randomUUID(),
      iat: now,
      exp: now + (shape.expiresIn ?? 120),
      ...shape.claims,
    }).filter(([, value]) => value !== undefined),
  );
  const jwk = run.idp.privateJwk;
  const typ = shape.typ ?? ID_JAG_TYPE;
  if (shape.signing === 'none') return `${encode({ alg: 'none', typ })}.${encode(claims)}.`;
  if (shape.signing === 'HS256') return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ }).sign(new TextEncoder().encode(`${randomUUID()}${randomUUID()}`));
  const alg = String(jwk['alg']);
  if (shape.signing === 'HS256-public-key') {
    const { d: _private, ...publicJwk } = jwk as JWK;
    const pem = await exportSPKI((await importJWK(publicJwk, alg)) as Parameters<typeof exportSPKI>[0]);
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: String(jwk['kid']), typ }).sign(new TextEncoder().encode(pem));
  }
  const key = shape.signing === 'stranger' ? (await generateKeyPair(alg)).privateKey : await importJWK(jwk as JWK, alg);
  return new SignJWT(claims).setProtectedHeader({ alg, kid: String(jwk['kid']), typ }).sign(key);
}

/** The jwt-bearer grant with `assertion`, from the run's client (its client_id in the body). */
export async function redeem(run: IdJagRun, assertion: string): Promise<Exchange> {
  const exchange = await run.client.tokenRequest({ grant_type: JWT_BEARER_GRANT, assertion, resource: run.client.resource });
  cite(exchange);
  return exchange;
}

/** The access token of a redemption that must have worked. */
export function expectIssued(exchange: Exchange, what: string): Record<string, unknown> {
  if (exchange.response.status !== 200) fail(`${what}: expected an access token, got ${describeResponse(exchange)}`);
  const body = expectJsonObject(exchange, what);
  if (typeof body['access_token'] !== 'string') fail(`${what}: the answer has no access_token`);
  return body;
}

/** RFC 7521 section 4.1.1 and RFC 6749 section 5.2: an assertion that is not valid gets invalid_grant, and no token. */
export function expectInvalidGrant(exchange: Exchange, what: string): string {
  const body = jsonOf(exchange);
  if (exchange.response.status === 200) fail(`${what}: the deployment accepted it and issued ${isObject(body) && typeof body['access_token'] === 'string' ? 'an access token' : 'an answer'}`);
  if (exchange.response.status !== 400 || !isObject(body) || body['error'] !== 'invalid_grant') {
    fail(`${what}: expected HTTP 400 with "error": "invalid_grant", got ${describeResponse(exchange)}`);
  }
  return `HTTP 400 invalid_grant${typeof body['error_description'] === 'string' ? `: ${body['error_description']}` : ''}`;
}

/** A check that one broken rule is refused: the ID-JAG `shape` makes is redeemed once and must get invalid_grant. */
export async function refusedIdJag(ctx: CheckContext, shape: (run: IdJagRun) => GrantShape, what: string): Promise<string> {
  const run = await idJagRun(ctx);
  return expectInvalidGrant(await redeem(run, await mintIdJag(run, shape(run))), what);
}
