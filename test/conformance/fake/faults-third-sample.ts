import type { Request } from 'express';
import type { AuthorizationRequest } from './authorization-parameters.js';
import type { Faults } from './faults.js';
import type { McpHostConfig } from './mcp-host.js';
import { SSO_ONLY, USERS, type FakeUser } from './state.js';
import { callTool } from './tools.js';

/**
 * Issue 41's third fresh sample of realistic faults (docs/runner-power.md, "A third fresh sample
 * of realistic faults"). The draw, fixed before any check was read: the 30 requirements the
 * manifest marks proven (502 of 817) with the lowest sha256('2026-12-08-third' + id), skipping
 * those of the first and second samples' tables (contract-4.1-stream-404,
 * peers-mcpjam-verify-tools, rfc9728-3.3-resource, peers-authprobe-bearer-methods), then ten faults
 * chosen by hand on recent surfaces. One line each: what a realistic deployment does wrong.
 *
 *  1 contract-8-rule2-per-user: keys the MCP budget by the Authorization header: a refreshed token starts a fresh budget.
 *  2 fn-host-one-issuer: the authorization redirect's `iss` carries a trailing slash (`new URL(issuer).href`); the metadata's issuer has none.
 *  3 skills-get: skills/get looks a skill up by the name in its uri (`skill://<name>/…`) and ignores the path: `skill://fake-survey/missing.md` answers the listed skill.
 *  4 mcp-2026-07-28-as-discovery: the issuer's two metadata documents answer JSON only to `Accept: application/json`; any other Accept gets the host's HTML landing page.
 *  5 rfc9700-4.8.2-mitigate: an empty `code_challenge=` is taken as no challenge (a falsy check) and the code then redeems with any verifier.
 *  6 rfc6750-3-single-attributes: the 2026-07-28 401 challenge carries `scope` twice (the era's handler appends its own to the middleware's).
 *  7 rfc6749-4.1.3-redirect: the token endpoint skips the redirect_uri comparison for private_key_jwt clients (the confidential path trusts client authentication).
 *  8 mcp-2025-11-25-resource-no-slash: the challenge's resource_metadata is joined from the canonical URI written with a slash (`http://host//.well-known/oauth-protected-resource`).
 *  9 peers-authprobe-dcr-empty-redirects: a registration with `redirect_uris: []` is accepted (the validator's `every` over an empty list).
 * 10 fn-token-errors: a refresh grant with `refresh_token` sent twice (an array after body parsing) answers 500.
 * 11 rfc8414-2.1-signed: publishes `signed_metadata` as an unsigned JWT (alg `none`, empty signature: a library's default).
 * 12 cimd-3-https: an `http://` client_id URL on a loopback host is taken as a metadata document (the https rule exempts localhost for development).
 * 13 rfc6749-10.12-csrf: the consent form's CSRF token is checked only when present: a consent POST without the field is taken.
 * 14 rfc9728-2-resource: the protected-resource metadata leaves `resource` out (the serializer drops an unset canonical URI).
 * 15 contract-2.1-no-secret: a registration naming `application_type: "web"` gets a `client_secret` (web apps taken as confidential by the library).
 * 16 rfc6749-3.1-get: GET /authorize is served only to `Accept: text/html`; other GETs get 404 (the route under a content-negotiating page router).
 * 17 fn-authz-consent-shows: the consent page shows the client's first registered redirect URI, not the one of the request.
 * 18 rfc7009-2.1-hint-fallback: the private_key_jwt client's revocation (a handler of its own) searches under the hint only: a refresh token hinted access_token stays live.
 * 19 rfc9728-3.1-get: the protected-resource metadata's well-known URL answers 301 to itself with a trailing slash (a static-directory server).
 * 20 mcp-2026-07-28-input-errors: an inputResponses entry under an unknown key is refused -32602 (a strict schema), not ignored.
 * 21 peers-authprobe-s256: code_challenge_methods_supported lists `s256` in lower case (hand-typed configuration); S256 still works.
 * 22 mcp-2026-07-28-http-auth: a 2026-07-28 request without a token gets 401 with no WWW-Authenticate (the modern router's own guard).
 * 23 mcp-2026-07-28-validate-before-processing: a 2026-07-28 tools/call with a revoked token runs the tool, then answers 401 (the token checked as the answer is written).
 * 24 fn-host-get-before-transport: GET / with a token and `Accept: text/event-stream` opens an event stream that never ends (the SDK transport reached).
 * 25 mcp-2026-07-28-tool-security: 2026-07-28 tools/call skips input validation (`survey_id` as a number served); 2025-11-25 validates.
 * 26 rfc7636-4.6-verify: a verifier that does not match answers 400 `invalid_request` (the PKCE library's error), not `invalid_grant`.
 * 27 contract-4.1-as-metadata: the authorization-server metadata answers 401 to a request carrying an invalid bearer token (the bearer middleware runs on every path when Authorization is present).
 * 28 mcp-2026-07-28-short-tokens: the code grant gives metadata-document clients 30-day access tokens ("remember me" for URL clients).
 * 29 mcp-2025-11-25-negotiated: a session negotiated at 2025-03-26 gets tools/list with `title` and `outputSchema` (one serializer for every version).
 * 30 contract-8-rule5-every-refusal: the registration endpoint's 429s after the first carry no Retry-After (the header set once when the block starts).
 * 31 client metadata documents: a client_id URL with a query (`<document URL>?v=2`) is looked up with its query dropped and served as the known client.
 * 32 confirmations: an accepted confirmation is not single-use: the same inputResponses replayed applies the change again.
 * 33 ID-JAG grant: an ID-JAG with no `kid` header skips signature verification (the key looked up by kid, none found, none checked).
 * 34 enterprise sign-in: the SSO-only account signs in with a password (the password form checks a leftover hash before the SSO-only flag).
 * 35 rate limits and 429s: the MCP endpoint's 429 carries Retry-After in milliseconds (`Retry-After: 1500`, the window's unit).
 * 36 sign-in pages: a wrong sign-in says "no account with this e-mail" for unknown addresses and "wrong password" for known ones (account enumeration).
 * 37 revocation: revoking a refresh token leaves the access tokens minted from it live (only the refresh token deleted).
 * 38 refresh grace: a replay of a rotated refresh token after the grace is still served (the grace in seconds compared with a millisecond difference).
 * 39 2026-07-28 era: a request with no MCP-Protocol-Version header whose body's `_meta` names 2026-07-28 is served as 2026-07-28 (the era read from the body alone).
 * 40 rate limits: the registration budget is keyed by a client-sent X-Forwarded-For: each new value starts a fresh budget.
 */
export type ThirdSampleFault =
  /** #2: the authorization redirect's iss carries a trailing slash. */
  | 'iss-trailing-slash'
  /** #3: skills/get looks a skill up by the name in its uri, the path ignored. */
  | 'skill-looked-up-by-name'
  /** #4: the issuer's metadata documents answer JSON only to Accept: application/json, HTML to any other. */
  | 'metadata-only-to-json-accept'
  /** #5: an empty code_challenge is taken as none, and its code redeems with any verifier. */
  | 'empty-challenge-as-none'
  /** #6: the 2026-07-28 401 challenge carries scope twice. */
  | 'modern-challenge-scope-twice'
  /** #7: the code grant of a private_key_jwt client does not compare redirect_uri. */
  | 'jwt-client-redirect-unchecked'
  /** #8: the challenge's resource_metadata is joined from the canonical URI written with a slash. */
  | 'challenge-metadata-double-slash'
  /** #10: a refresh grant naming refresh_token twice answers 500. */
  | 'repeated-refresh-token-500'
  /** #11: the metadata publishes signed_metadata as an unsigned JWT (alg none). */
  | 'unsigned-signed-metadata'
  /** #12: an http client_id URL on a loopback host is taken as a metadata-document client. */
  | 'loopback-http-client-id'
  /** #13: the consent form's CSRF token is checked only when the field is present. */
  | 'consent-csrf-only-when-present'
  /** #15: a registration naming application_type web gets a client_secret. */
  | 'web-application-secret'
  /** #16: GET /oauth/authorize is served only to Accept: text/html; other GETs get 404. */
  | 'authorize-get-html-only'
  /** #17: the consent page shows the client's first registered redirect URI, not the request's. */
  | 'consent-shows-first-redirect'
  /** #18: the private_key_jwt client's revocation searches under the hint only. */
  | 'jwt-client-revocation-hint-only'
  /** #19: the protected-resource metadata's URL answers 301 to itself with a trailing slash. */
  | 'prm-slash-redirect'
  /** #20: a 2026-07-28 inputResponses entry under an unknown key is refused -32602. */
  | 'input-responses-strict'
  /** #22: a 2026-07-28 request without a token gets 401 with no WWW-Authenticate. */
  | 'modern-401-without-challenge'
  /** #23: a 2026-07-28 tools/call with a known but revoked token runs the tool before the 401. */
  | 'modern-call-before-token-check'
  /** #24: GET / with a token asking for an event stream opens one that never ends. */
  | 'stream-get-never-ends'
  /** #25: 2026-07-28 tools/call skips input validation (list_surveys's limit unbounded). */
  | 'modern-input-unvalidated'
  /** #26: a verifier that does not match answers invalid_request. */
  | 'verifier-mismatch-invalid-request'
  /** #27: the MCP host's well-known documents answer 401 to a request whose bearer token is not live. */
  | 'metadata-behind-bearer'
  /** #28: the code grant gives metadata-document clients 30-day access tokens. */
  | 'cimd-code-tokens-30-days'
  /** #29: requests of version 2025-03-26 get tools/list with title (one serializer for every version). */
  | 'old-version-gets-titles'
  /** #30: the registration endpoint's 429s after the first carry no Retry-After. */
  | 'register-repeat-429-no-retry-after'
  /** #31: a client_id URL is looked up with its query dropped. */
  | 'client-id-query-dropped'
  /** #33: an ID-JAG with no kid header skips signature verification. */
  | 'id-jag-no-kid-unverified'
  /** #34: the single-sign-on-only account signs in with an empty password (its hash is of ''). */
  | 'sso-only-empty-password'
  /** #35: the MCP endpoint's 429 carries Retry-After in milliseconds. */
  | 'retry-after-milliseconds'
  /** #36: a wrong sign-in tells unknown addresses from wrong passwords. */
  | 'sign-in-enumerates-accounts'
  /** #38: the refresh grace compared in the wrong unit: a rotated token is a retry long after the grace. */
  | 'grace-in-milliseconds'
  /** #39: a 2026-07-28 request with no MCP-Protocol-Version header is served on its body's version alone. */
  | 'era-from-body-alone'
  /** #40: the registration budget is keyed by a client-sent X-Forwarded-For. */
  | 'register-limit-by-forwarded-for';

export interface ThirdSampleFaults {
  readonly thirdSampleFault?: ThirdSampleFault;
}

/** #4: what the host answers a metadata request that does not ask for JSON by name. */
export const LANDING_PAGE = '<!doctype html><html><body><h1>Fake Survey Assistant</h1></body></html>';

/** #4: a content-negotiating router sends anything but an explicit JSON Accept to the landing page. */
export function landingPageInstead(req: Request, faults: Faults): boolean {
  return faults.thirdSampleFault === 'metadata-only-to-json-accept' && !(req.headers.accept ?? '').includes('application/json');
}

/** #11: a JWT with alg none and an empty signature, as an unsigning library default writes it. */
export function unsignedJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/** #6: the 2026-07-28 handler's scope, appended to a challenge that the middleware gave one already. */
export function modernScope(req: Request, faults: Faults): string {
  const modern = req.headers['mcp-protocol-version'] === '2026-07-28';
  return faults.thirdSampleFault === 'modern-challenge-scope-twice' && modern ? ', scope="mcp_customer", scope="mcp_customer"' : '';
}

/** #23: a 2026-07-28 tools/call run for the person of a token the store knows, live or not, before the bearer check refuses it. */
export function callBeforeTokenCheck(req: Request, config: McpHostConfig): void {
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const record = token ? config.state.accessTokens.get(token) : undefined;
  const message = req.body as { method?: unknown; params?: { name?: unknown; arguments?: unknown } } | undefined;
  if (!token || !record || message?.method !== 'tools/call') return;
  const args = (message.params?.arguments ?? {}) as Record<string, unknown>;
  callTool(String(message.params?.name), args, config.faults, { surveys: config.state.surveys, call: { userId: record.userId, holder: config.state.holderOf(token), elicits: false } });
}

/** #25: the 2026-07-28 path hands list_surveys its arguments unvalidated: an out-of-range limit is served as no limit. */
export function modernArguments(name: string, args: Record<string, unknown>, faults: Faults): Record<string, unknown> {
  if (faults.thirdSampleFault !== 'modern-input-unvalidated' || name !== 'list_surveys') return args;
  const { limit: _unchecked, ...rest } = args;
  return rest;
}

/** #29: one serializer for every version: tools carry a title (2025-06-18 on) in 2025-03-26 answers too. */
export function withTitles(tools: readonly Record<string, unknown>[], req: Request, faults: Faults): readonly Record<string, unknown>[] {
  if (faults.thirdSampleFault !== 'old-version-gets-titles' || req.headers['mcp-protocol-version'] !== '2025-03-26') return tools;
  return tools.map((tool) => ({ ...tool, title: String(tool['name']) }));
}

/** #3: skills/get looks the skill up by the name in `skill://<name>/…`, whatever path follows. */
export function skillUri(method: string | undefined, params: Record<string, unknown> | undefined, faults: Faults): Record<string, unknown> | undefined {
  const uri = params?.['uri'];
  if (faults.thirdSampleFault !== 'skill-looked-up-by-name' || method !== 'skills/get' || typeof uri !== 'string' || !uri.startsWith('skill://fake-survey/')) return params;
  return { ...params, uri: 'skill://fake-survey/SKILL.md' };
}

/** #31: the document of a client_id URL, its query dropped. */
export function documentUrlOf(clientId: string, faults: Faults): string {
  return faults.thirdSampleFault === 'client-id-query-dropped' ? clientId.replace(/\?[^#]*/, '') : clientId;
}

/** #12: an http client_id on a loopback host, taken for a development client whose document lists loopback redirects. */
export function loopbackHttpClient(clientId: string, faults: Faults): boolean {
  if (faults.thirdSampleFault !== 'loopback-http-client-id' || !clientId.startsWith('http://') || !URL.canParse(clientId)) return false;
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(clientId).hostname);
}

/** #18: whether the client is a private_key_jwt document client, whose revocation handler trusts the hint. */
export function jwtClient(clientId: unknown, documents: ReadonlyMap<string, Record<string, unknown>>): boolean {
  return documents.get(String(clientId))?.['token_endpoint_auth_method'] === 'private_key_jwt';
}

/** #20: a strict schema of inputResponses: any key but the one asked (`confirm`) refused. */
export function unknownInputResponse(inputResponses: unknown, faults: Faults): boolean {
  if (faults.thirdSampleFault !== 'input-responses-strict' || typeof inputResponses !== 'object' || inputResponses === null) return false;
  return Object.keys(inputResponses).some((key) => key !== 'confirm');
}

/** #12: the redirect URIs a development client's document lists, the runner's loopback ones among them. */
export const LOOPBACK_REDIRECTS = ['http://127.0.0.1:33418/callback'];

/** #34: the single-sign-on-only account, whose stored hash is of the empty password, signed in by it. */
export function ssoAccountByEmptyPassword(email: unknown, password: unknown, faults: Faults): FakeUser | undefined {
  return faults.thirdSampleFault === 'sso-only-empty-password' && email === SSO_ONLY.email && password === '' ? SSO_ONLY : undefined;
}

/** #36: a wrong sign-in's words, which under the fault tell an unknown address from a wrong password. */
export function wrongSignInMessage(email: unknown, faults: Faults): string {
  if (faults.thirdSampleFault !== 'sign-in-enumerates-accounts') return 'Wrong email or password.';
  return USERS.some((user) => user.email === email) ? 'Wrong password.' : 'No account with this e-mail.';
}

/** #5: the request as read, an empty code_challenge kept (not omitted) so that a falsy test later takes it for none. */
export function withEmptyChallenge(source: unknown, request: AuthorizationRequest, faults: Faults): AuthorizationRequest {
  const empty = faults.thirdSampleFault === 'empty-challenge-as-none' && (source as Record<string, unknown>)['code_challenge'] === '';
  return empty ? { ...request, code_challenge: '' } : request;
}
