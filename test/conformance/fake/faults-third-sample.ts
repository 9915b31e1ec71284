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
