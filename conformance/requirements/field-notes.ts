import { branch, inEra, missingEra, requirementsFrom, type Requirement } from './requirement.js';

const { must, should } = requirementsFrom('field notes', 'any');
const legacy = requirementsFrom('field notes', '2025-11-25');

/** The demands of `field-notes.md`: what real clients and OAuth security need beyond the contract. */
export const FIELD_NOTE_REQUIREMENTS: readonly Requirement[] = [
  // MCP host, as real clients use it
  must('fn-host-one-issuer', 'MCP host', 'One issuer string, byte for byte, in PRM, both AS documents and the iss parameter; no trailing slash', [
    'issuer-matches-base-url',
    'iss-returned',
    'authorization-error-redirect',
  ]),
  must('fn-host-resource-metadata-absolute', 'MCP host', 'resource_metadata in WWW-Authenticate is an absolute URL', [
    inEra('2025-11-25', 'missing-token-401'),
    inEra('2026-07-28', 'missing-token-401'),
  ]),
  should('fn-host-prm-path-aware', 'MCP host', 'PRM is served at the root and at the path-aware form for the MCP path', [
    'protected-resource-metadata',
  ]),
  should('fn-host-resource-no-slash', 'MCP host', 'resource is published without a trailing slash, as the client wrote the address', [
    'resource-matches-base-url',
  ]),
  should('fn-host-resource-both-forms', 'MCP host', 'resource sent back with or without a trailing slash is accepted at authorize, token and audience check', [
    'resource-trailing-slash-accepted',
  ]),
  should('fn-host-as-fields', 'MCP host', 'Both AS documents list PKCE methods, scopes, response and grant types, auth methods', [
    'pkce-methods',
    'scopes-supported',
    'response-types',
    'grant-types',
    'token-endpoint-auth-methods',
  ]),
  should('fn-host-openid-fields', 'MCP host', 'openid-configuration has jwks_uri, subject_types_supported, id_token_signing_alg_values_supported', [
    'openid-configuration-parser-fields',
  ]),
  should('fn-host-no-null', 'MCP host', 'No metadata value is null; an absent value is an absent key', ['metadata-without-nulls']),
  must('fn-host-discovery-no-redirect', 'MCP host', 'Discovery documents are served without redirects', [
    branch('protected-resource metadata', 'protected-resource-metadata'),
    branch('authorization-server metadata', 'authorization-server-metadata'),
    branch('openid-configuration', 'openid-configuration-document'),
  ]),
  should('fn-host-metadata-at-auth-origin', 'MCP host', "The authorization-server metadata and openid-configuration are also served, the same documents, at the authorization endpoint's origin (issue 23: Qwen Code)", [
    'metadata-at-authorization-origin',
  ]),
  should('fn-host-discovery-cors', 'MCP host', 'Discovery is CORS-open and OPTIONS is answered before any bearer check', ['discovery-cors']),
  should('fn-host-expose-headers', 'MCP host', 'WWW-Authenticate, Retry-After and MCP-Protocol-Version are exposed to browsers; OPTIONS passes before any bearer check', [
    inEra('2025-11-25', 'mcp-cors-exposes-headers'),
    missingEra('2026-07-28', 'the preflight asks for authorization, content-type and mcp-protocol-version only: none asks for the 2026-07-28 request headers (Mcp-Method, Mcp-Name)'),
  ]),
  should('fn-host-unauthenticated-get', 'MCP host', 'An unauthenticated GET / answers 401', [
    inEra('2025-11-25', 'unauthenticated-get-401'),
  ]),
  legacy.must('fn-host-unknown-method', 'MCP host', 'Unknown JSON-RPC methods get 200 and -32601, never 5xx', ['unknown-method-32601']),
  should('fn-host-origin', 'MCP host', 'A foreign Origin is refused (DNS rebinding)', [
    inEra('2025-11-25', 'foreign-origin-refused'),
    inEra('2026-07-28', 'modern-foreign-origin-403'),
  ]),
  should('fn-host-protocol-version', 'MCP host', 'An unsupported MCP-Protocol-Version gets 400', [
    inEra('2025-11-25', 'unsupported-protocol-version-400'),
    inEra('2026-07-28', 'modern-unsupported-version-32022'),
  ]),
  should('fn-host-notification-202', 'MCP host', 'A POST carrying only notifications gets 202', [
    inEra('2025-11-25', 'notification-202'),
  ]),
  legacy.must('fn-host-get-before-transport', 'MCP host', 'GET is answered before the SDK transport, never with a stream that does not end', [
    'stream-request-404',
  ]),
  should('fn-host-delete-before-transport', 'MCP host', 'DELETE is answered before the SDK transport: refused at once, never a stream', [
    inEra('2025-11-25', 'session-delete-answered'),
    inEra('2026-07-28', 'modern-legacy-stream-405'),
  ]),

  // Registration
  must('fn-reg-idempotent', 'registration', 'Idempotent on (client_name, redirect_uris, scope): the same client_id and the same body', [
    'registration-idempotent',
  ]),
  should('fn-reg-never-expire', 'registration', 'Registrations never expire', {
    unobservable: 'an expiry shows only after the deployment\'s own retention time, far beyond a run',
  }),
  must('fn-reg-public', 'registration', 'Public clients only: token_endpoint_auth_method none, no secret', ['registration-no-secret']),
  should('fn-reg-native-redirects', 'registration', 'https, loopback http and private-use scheme redirects are accepted', [
    branch('loopback http and private-use scheme', 'registration-accepts-native-redirects'),
    branch('https', 'registration-accepts-native-redirects'),
  ]),
  must('fn-reg-unsafe-redirects', 'registration', 'Fragments and javascript:, data:, file: URIs get 422 invalid_redirect_uri saying why', [
    'registration-refuses-bad-redirect-uri',
  ]),

  // Authorization endpoint and pages
  must('fn-authz-exact-redirect', 'authorization endpoint', 'Redirect URIs match exactly; localhost and 127.0.0.1 are different hosts', [
    'unregistered-redirect-uri-refused',
  ]),
  should('fn-authz-loopback-port', 'authorization endpoint', 'An http loopback redirect matches on any port', ['loopback-redirect-any-port']),
  must('fn-authz-unknown-client-page', 'authorization endpoint', 'An unknown client gets an error page, never a redirect', [
    'unknown-client-error-page',
  ]),
  must('fn-authz-error-redirect', 'authorization endpoint', 'Every other error goes to the validated redirect URI with error, state and iss', [
    'authorization-error-redirect',
    'authorization-denied-redirect',
  ]),
  must('fn-authz-pkce', 'authorization endpoint', 'PKCE is required and unknown methods are refused', ['pkce-required', 'pkce-unknown-method-refused']),
  must('fn-authz-state', 'authorization endpoint', 'state comes back byte for byte, on success and on error', [
    'state-returned',
    'authorization-error-redirect',
  ]),
  must('fn-authz-iss', 'authorization endpoint', 'iss is on every authorization response', [
    'iss-returned',
    'authorization-error-redirect',
    'authorization-denied-redirect',
  ]),
  should('fn-authz-get-no-side-effects', 'authorization endpoint', 'The authorize GET has no side effects until the person acts', {
    unobservable: 'side effects are the deployment\'s internal state; from outside the runner sees only that nothing is issued before approval, which every authorization check relies on',
  }),
  should('fn-authz-json-unknown-client', 'authorization endpoint', 'Accept: application/json gets the refusal as JSON: 400 invalid_client for an unknown client, invalid_request for a known one without redirect_uri', [
    branch('an unknown client: invalid_client', 'unknown-client-json'),
    branch('a known client without redirect_uri: invalid_request', 'unknown-client-json'),
  ]),
  must('fn-authz-consent-shows', 'authorization endpoint', "The consent page shows the client's name and its redirect destination", [
    'consent-shows-client-and-redirect',
  ]),
  must('fn-authz-consent-csrf', 'authorization endpoint', 'The consent form carries a CSRF token that the approval requires', [
    'consent-requires-csrf',
  ]),
  must('fn-authz-consent-frames', 'authorization endpoint', "The consent page sends frame-ancestors 'none' and X-Frame-Options: DENY", [
    'consent-not-framable',
  ]),
  should('fn-authz-session-cookies', 'authorization endpoint', 'Sign-in session cookies are HttpOnly, SameSite=Lax, Secure under https', [
    'session-cookie-flags',
  ]),

  // Token endpoint
  must('fn-token-code-single-use', 'token endpoint', 'A code is redeemed once; a second redemption gets invalid_grant', ['code-single-use']),
  should('fn-token-code-lifetime', 'token endpoint', 'A code lives about 60 s', {
    unobservable: 'the life is approximate ("~60 s"), so no moment of expiry can be asserted; waiting it out would add a minute to every run',
  }),
  must('fn-token-code-client', 'token endpoint', 'A code is bound to the client it was issued to', ['code-bound-to-client']),
  must('fn-token-code-redirect', 'token endpoint', 'A code is bound to its redirect_uri', ['code-bound-to-redirect-uri']),
  must('fn-token-code-verifier', 'token endpoint', 'A code is bound to its PKCE verifier', ['pkce-verifier-mismatch']),
  should('fn-token-code-replay', 'token endpoint', 'A second redemption revokes what the first issued', [
    branch('access token of the first redemption', 'code-replay-revokes-tokens'),
    branch('refresh token of the first redemption', 'code-replay-revokes-refresh-token'),
  ]),
  must('fn-token-code-parallel', 'token endpoint', 'Ten parallel redemptions of one code: exactly one success', ['code-parallel-redemption']),
  must('fn-token-verifier-format', 'token endpoint', 'A verifier is 43-128 characters of [A-Za-z0-9-._~]', [
    branch('too short', 'authorization-error-redirect', 'pkce-verifier-form-refused'),
    branch('outside [A-Za-z0-9-._~]', 'pkce-verifier-form-refused'),
    branch('longer than 128 characters', 'pkce-verifier-form-refused'),
  ]),
  must('fn-token-no-downgrade', 'token endpoint', 'A code issued with S256 never accepts plain', ['pkce-no-downgrade']),
  must('fn-token-refresh-rotation', 'token endpoint', 'Refresh tokens rotate on every use', ['refresh-token-rotation', 'spent-refresh-token-refused']),
  should('fn-token-refresh-reuse', 'token endpoint', 'Reusing a spent refresh token (after any refresh grace) revokes the grant, newest tokens too', ['spent-refresh-revokes-grant']),
  must('fn-token-refresh-client', 'token endpoint', 'A refresh token is bound to its client', ['refresh-bound-to-client', 'refresh-retry-other-client-refused']),
  must('fn-token-refresh-parallel', 'token endpoint', 'Parallel refreshes of one token fork no lineage: at most one new refresh token (issue 23: retries within a grace share it)', ['refresh-parallel']),
  should('fn-token-refresh-retry', 'token endpoint', 'Parallel or retried refreshes of one token within a grace all renew, in one lineage, revoking nothing (issue 23)', [
    'refresh-parallel-retry',
  ]),
  must('fn-token-refresh-grace-successor', 'token endpoint', 'A refresh retried within the grace gets the one successor the first renewal issued', ['refresh-retry-same-successor']),
  should(
    'fn-token-refresh-grace-ends-at-successor-use',
    'token endpoint',
    'The grace answers a retry only while its successor is unused; once the successor has been presented, its predecessor is reuse (issue 33, RFC 9700 section 4.14)',
    ['refresh-grace-ends-at-successor-use'],
  ),
  must('fn-no-server-errors', 'every endpoint', 'No request a client can send, valid or not, gets a 5xx: bad input is refused with a 4xx (429 for the limits)', [
    branch('every exchange of the run, on either host (invariant)', 'no-server-errors'),
    branch('the sign-in form posted with its hidden fields left out, repeated or pointed at another site', 'sign-in-fields-tampered'),
  ]),
  must('fn-token-no-escalation', 'token endpoint', 'A refresh cannot widen the scope', ['refresh-no-scope-escalation']),
  must('fn-token-errors', 'token endpoint', 'Errors are RFC 6749 codes with 400, never 500', [
    branch('code grant and unknown grant type', 'token-error-responses'),
    branch('refresh grant', 'spent-refresh-token-refused', 'refresh-bound-to-client'),
    branch('a client assertion whose jti is null or empty', 'private-key-jwt-jti-malformed-refused'),
    branch('an ID-JAG whose scope is not a string', 'id-jag-scope-refused'),
    branch('an ID-JAG whose jti or sub is null or empty', 'id-jag-claims-malformed-refused'),
    branch('an ID-JAG for a person the deployment has no account for', 'id-jag-unknown-person-refused'),
  ]),
  must('fn-token-no-store', 'token endpoint', 'Cache-Control: no-store on every answer, errors included', [
    branch('code grant answer', 'token-no-store'),
    branch('error answers of either grant', 'token-no-store'),
    branch('refresh grant answer', 'refresh-no-store'),
    branch('every token-bearing answer of the run, the sign-in\'s and renewals included (invariant)', 'token-answers-no-store'),
  ]),

  // Revocation
  must('fn-revoke-refresh-takes-access', 'revocation', 'Revoking a refresh token takes its access tokens with it', [
    inEra('2025-11-25', 'revoked-refresh-token-signs-out'),
    inEra('2026-07-28', 'revoked-refresh-token-signs-out'),
  ]),
  must('fn-revoke-access-next-request', 'revocation', 'Revoking an access token takes effect on the very next request', [
    inEra('2025-11-25', 'revoked-access-token-401'),
    inEra('2026-07-28', 'revoked-access-token-401'),
  ]),
  should('fn-revoke-unknown-200', 'revocation', 'An unknown token gets 200', ['revoke-unknown-token-200']),
  must('fn-revoke-other-client', 'revocation', "Another client's token is never revoked", [
    branch('access token', 'revoke-other-clients-token-ignored'),
    branch('refresh token', 'revoke-other-clients-refresh-ignored'),
  ]),

  // Rate limits
  must('fn-rate-sliding-log', 'rate limits', 'An exact sliding log: never more than the limit in any window, no fixed-window edge', [
    'sliding-window-edge',
  ]),
  must('fn-rate-log-admitted', 'rate limits', 'Only admitted requests are logged, so hammering does not extend a block', ['failures-do-not-extend']),
  must('fn-rate-retry-after', 'rate limits', 'Retry-After is the time until the oldest logged request ages out, within 1..60', [
    'retry-after-valid',
    'retry-after-honoured',
    'retry-after-counts-to-oldest',
  ]),
  must('fn-rate-per-user', 'rate limits', "Per user account on the MCP endpoint: all that user's tokens and clients share it", [
    'budget-shared-per-person',
  ]),
  should('fn-rate-register-ip', 'rate limits', 'Per client IP on /register, IPv6 grouped by /64, proxy headers trusted only when configured', {
    unobservable: 'needs requests from several source addresses and a view of the proxy configuration; one runner has one address',
  }),
  must('fn-rate-atomic', 'rate limits', 'Check and insert are atomic: concurrent requests never admit one more than the limit', [
    'mcp-rate-limit-enforced',
  ]),
];
