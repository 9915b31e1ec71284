import { branch, branchIn, inEra, missing, requirementsFrom, type Requirement } from './requirement.js';

const { must } = requirementsFrom('contract', '2025-11-25');
const { must: mustAnyEra } = requirementsFrom('contract', 'any');

const PERMISSION_CHANGE =
  'the person\'s platform permissions would have to change during the run, and only the platform can change them; the runner proves the permissions in force (tool-error-not-authorized)';

/** Every normative sentence of the interface contract (`survey-assistant-server.md`). */
export const CONTRACT_REQUIREMENTS: readonly Requirement[] = [
  // 1. What the service does
  must('contract-1.2-stateless', '1 rule 2', 'Every request carries its own bearer token; no session is opened or kept', [
    'initialize',
    'tools-list',
    'missing-token-401',
    'session-delete-answered',
  ]),
  mustAnyEra('contract-1.3-permissions', '1 rule 3', "A token reaches exactly the surveys the person's permissions reach", [
    branchIn('2025-11-25', 'a survey the person has no role on, 2025-11-25', 'tool-error-not-authorized'),
    branchIn('2026-07-28', 'a survey the person has no role on, 2026-07-28', 'tool-error-not-authorized'),
    branchIn('2025-11-25', 'a survey shared as viewer: opened, its responses refused (--viewer-survey-id), 2025-11-25', 'tool-error-not-authorized'),
    branchIn('2026-07-28', 'a survey shared as viewer: its responses refused (--viewer-survey-id), 2026-07-28', 'tool-error-not-authorized'),
  ]),
  mustAnyEra('contract-1.3-permission-change', '1 rule 3', 'A token loses access the moment the permissions change', {
    unobservable: PERMISSION_CHANGE,
  }),
  mustAnyEra('contract-1.4-public-clients', '1 rule 4', 'Clients are public and register themselves; no secret, no API key', [
    'registration-response',
    'registration-no-secret',
  ]),
  mustAnyEra('contract-1.4-discovery', '1 rule 4', 'A client configures itself from the server address alone', [
    'protected-resource-metadata',
    'authorization-server-metadata',
    'authorization-code-flow',
  ]),

  // 2. Resources
  mustAnyEra('contract-2.1-record', '2.1', 'Registration answers the client record with the fields of section 2.1', ['registration-response']),
  mustAnyEra('contract-2.1-allowed-values', '2.1', 'Only the allowed grant types, response types and auth method are registered', [
    'registration-refuses-bad-metadata',
  ]),
  mustAnyEra('contract-2.1-no-secret', '2.1', 'No client secret is ever issued', ['registration-no-secret']),
  mustAnyEra('contract-2.1-idempotent', '2.1 rule 1', 'Re-registering the same name, redirect URIs and scope returns the same client_id', [
    'registration-idempotent',
  ]),
  mustAnyEra('contract-2.1-no-access', '2.1 rule 2', 'Registering grants no access: the person decides on the consent screen', [
    'consent-shows-client-and-redirect',
    'authorization-denied-redirect',
  ]),
  mustAnyEra('contract-2.1-consent-name', '2.1', 'The consent screen shows the client_name', ['consent-shows-client-and-redirect']),
  mustAnyEra('contract-2.1-consent-redirect', '2.1', 'The consent screen shows the redirect destination', [
    'consent-shows-client-and-redirect',
  ]),
  mustAnyEra('contract-2.2-scope', '2.2', 'The access token carries scope mcp_customer', [
    branch('code grant', 'token-scope-and-lifetime'),
    branch('refresh grant: the renewed token is accepted where mcp_customer is needed', 'refresh-grant'),
  ]),
  mustAnyEra('contract-2.2-lifetime', '2.2', 'The access token lives one hour, and no longer', [
    branch('expires_in at most an hour, code grant', 'token-scope-and-lifetime'),
    branch('expires_in at most an hour, refresh grant', 'refresh-token-lifetime'),
    branch('every token answer of the run, each grant and client kind (invariant)', 'token-lifetime-within-an-hour'),
    inEra('2025-11-25', 'expired-token-401'),
    inEra('2026-07-28', 'expired-token-401'),
  ]),
  mustAnyEra('contract-2.2-renewal', '2.2', 'Renewal is the refresh_token grant at the token endpoint', ['refresh-grant']),
  mustAnyEra('contract-2.2-bearer', '2.2', 'The access token is presented as Authorization: Bearer', [
    inEra('2025-11-25', 'authorization-code-flow', 'initialize'),
    inEra('2026-07-28', 'modern-result-type'),
  ]),

  // 4. Endpoints
  mustAnyEra('contract-4-json', '4', 'Payloads are JSON unless stated otherwise', [
    branch('authorization-server metadata', 'authorization-server-metadata'),
    branch('registration and token bodies parse as JSON', 'registration-response', 'token-error-responses'),
    branch('media type of the other answers', 'json-media-types'),
  ]),
  must('contract-4.1-json-rpc', '4.1', 'POST / answers initialize, tools/list and tools/call in JSON-RPC envelopes', [
    branch('initialize', 'initialize'),
    branch('tools/list', 'tools-list'),
    branch('tools/call of a read tool', 'tools-call', 'tools-call-with-meta'),
    branch('tools/call of get_response on the data', 'tools-call'),
    branch("tools/call of a write tool: a question's text", 'write-tool-round-trip'),
    branch("tools/call of a write tool: a question's choices (one kept by id and relabelled, one added)", 'write-tool-round-trip'),
    branch("tools/call of a write tool: share_survey removing a share the person never had (unchanged)", 'write-tool-round-trip'),
  ]),
  mustAnyEra('contract-4.1-scope-required', '4.1', 'POST / needs a bearer token with scope mcp_customer', [
    inEra('2025-11-25', 'foreign-token-403'),
    inEra('2026-07-28', 'foreign-token-403'),
  ]),
  mustAnyEra('contract-4.1-register-422', '4.1', 'POST /register answers errors with 422', [
    'registration-refuses-bad-metadata',
    'registration-refuses-bad-redirect-uri',
  ]),
  mustAnyEra('contract-4.1-prm', '4.1', 'GET /.well-known/oauth-protected-resource is public RFC 9728 metadata', [
    'protected-resource-metadata',
  ]),
  mustAnyEra('contract-4.1-as-metadata', '4.1', 'GET /.well-known/oauth-authorization-server is public RFC 8414 metadata', [
    'authorization-server-metadata',
  ]),
  mustAnyEra('contract-4.1-openid-configuration', '4.1', 'GET /.well-known/openid-configuration is the same document', [
    'openid-configuration-document',
  ]),
  must('contract-4.1-stream-404', '4.1 rule 1', 'A method opening a notification stream gets 404 and JSON-RPC "Method not found"', [
    'stream-request-404',
  ]),
  must('contract-4.1-unknown-method', '4.1 rule 2', 'Any other unsupported method gets HTTP 200 and error -32601', [
    'unknown-method-32601',
  ]),
  mustAnyEra('contract-4.2-response-type', '4.2', 'The authorization endpoint serves response type code only', [
    'response-types',
    'authorization-error-redirect',
  ]),
  mustAnyEra('contract-4.2-pkce', '4.2', 'PKCE is required of clients', ['pkce-required']),
  mustAnyEra('contract-4.2-grants', '4.2', 'The token endpoint grants authorization_code and refresh_token, client authentication none', [
    'authorization-code-flow',
    'refresh-grant',
    'token-endpoint-auth-methods',
  ]),
  mustAnyEra('contract-4.2-standard-oauth', '4.2', 'Authorize, token and revoke take and give the fields of standard OAuth 2.0 (the RFC rules below)', [
    branch('authorization endpoint', 'authorization-code-flow'),
    branch('token endpoint', 'authorization-code-flow', 'token-error-responses'),
    branch('revocation endpoint', 'revoke-unknown-token-200'),
  ]),
  mustAnyEra('contract-4.2-revoke-signs-out', '4.2', 'Revoking signs the client out immediately', [
    branch('access token revoked', 'revoked-access-token-401'),
    branch('refresh token revoked', 'revoked-refresh-token-signs-out'),
    inEra('2026-07-28', 'revoked-access-token-401', 'revoked-refresh-token-signs-out'),
  ]),

  // 5. Authentication
  mustAnyEra('contract-5.1-platform-credentials', '5.1 rule 1', 'The person signs in with their platform credentials, single sign-on included', [
    branch('a password account, at the sign-in form', 'authorization-code-flow'),
    branch('an account of single sign-on only: no password signs it in (--sso-only-email)', 'sso-only-password-refused'),
    missing('single sign-on', "which identity providers the platform accepts is its own; the runner signs in through a single sign-on button with --sso, but no check fails a deployment that offers none"),
  ]),
  mustAnyEra('contract-5.1-no-api-key', '5.1 rule 2', 'There is no API key; clients are public and receive no secret', [
    'registration-no-secret',
    'token-endpoint-auth-methods',
  ]),
  mustAnyEra('contract-5.1-foreign-token-403', '5.1 rule 3', "Another service's valid token gets 403 insufficient_scope", [
    inEra('2025-11-25', 'foreign-token-403'),
    inEra('2026-07-28', 'foreign-token-403'),
  ]),
  mustAnyEra('contract-5.2-issuer', '5.2', 'The issuer is {base_url}, the host the metadata is fetched from', [
    'issuer-matches-base-url',
    'iss-returned',
  ]),
  mustAnyEra('contract-5.2-endpoints', '5.2', 'Authorization, token, revocation and registration endpoints are where 5.2 puts them', ['endpoints']),
  mustAnyEra('contract-5.2-response-types', '5.2', 'Response types: code', ['response-types']),
  mustAnyEra('contract-5.2-grant-types', '5.2', 'Grant types: authorization_code, refresh_token', ['grant-types']),
  mustAnyEra('contract-5.2-pkce-methods', '5.2', 'PKCE methods: S256 and plain', ['pkce-methods']),
  mustAnyEra('contract-5.2-client-auth', '5.2', 'Client authentication: none', ['token-endpoint-auth-methods']),
  mustAnyEra('contract-5.2-scope', '5.2', 'Scope: mcp_customer', ['scopes-supported']),
  mustAnyEra('contract-5.3-discover-register', '5.3 steps 1-2', 'A client discovers, then registers, and may register on every connection', [
    'protected-resource-metadata',
    'authorization-server-metadata',
    'registration-idempotent',
  ]),
  mustAnyEra('contract-5.3-consent', '5.3 step 3', "The person sees the client's name and redirect destination, and approves or refuses", [
    'consent-shows-client-and-redirect',
    'authorization-denied-redirect',
  ]),
  mustAnyEra('contract-5.3-exchange', '5.3 step 4', 'The code is exchanged with PKCE, and the token works on every request', [
    'authorization-code-flow',
    'pkce-verifier-mismatch',
  ]),
  mustAnyEra('contract-5.3-renew', '5.3 step 5', 'The client renews with the refresh_token grant', ['refresh-grant']),
  mustAnyEra('contract-5.4-missing-token', '5.4', 'A missing token gets 401 {"error": "unauthorized"} and the resource_metadata challenge', [
    inEra('2025-11-25', 'missing-token-401', 'unauthenticated-get-401'),
    inEra('2026-07-28', 'missing-token-401'),
  ]),
  mustAnyEra('contract-5.4-invalid-token', '5.4', 'An unknown token gets the same 401 answer', [
    inEra('2025-11-25', 'invalid-token-401'),
    inEra('2026-07-28', 'invalid-token-401'),
  ]),
  mustAnyEra('contract-5.4-expired-token', '5.4', 'An expired token gets the same 401 answer', [
    inEra('2025-11-25', 'expired-token-401'),
    inEra('2026-07-28', 'expired-token-401'),
  ]),
  mustAnyEra('contract-5.4-revoked-token', '5.4', 'A revoked token gets the same 401 answer', [
    branch('access token revoked', 'revoked-access-token-401'),
    branch('refresh token revoked', 'revoked-refresh-token-signs-out'),
    inEra('2026-07-28', 'revoked-access-token-401', 'revoked-refresh-token-signs-out'),
  ]),
  mustAnyEra('contract-5.5-connected-apps', '5.5 rule 1', 'The person revokes a client from the connected-apps page, which shows them the clients they approved; the client is signed out immediately', [
    branch('the page, signed in (--connected-apps-url)', 'connected-apps-page'),
    missing('revoking from the page', "no check submits the page's revoke form: the runner revokes through the revocation endpoint, which rule 2 makes equivalent"),
  ]),
  mustAnyEra('contract-5.5-revocation-endpoint', '5.5 rule 2', 'Calling the revocation endpoint has the same effect', [
    branch('access token revoked', 'revoked-access-token-401'),
    branch('refresh token revoked', 'revoked-refresh-token-signs-out'),
    branch('refresh token revoked, then retried within the grace', 'refresh-retry-after-revocation-refused'),
    inEra('2026-07-28', 'revoked-access-token-401'),
  ]),
  mustAnyEra('contract-5.5-permissions', '5.5 rule 3', "Access follows the person's permissions at every moment", {
    unobservable: PERMISSION_CHANGE,
  }),

  // 6-7. Events and errors
  must('contract-6-no-stream', '6', 'No server-initiated notification stream is sent', ['stream-request-404']),
  mustAnyEra('contract-7.1-403', '7.1', '403 carries {"error": "insufficient_scope"}', [
    inEra('2025-11-25', 'foreign-token-403'),
    inEra('2026-07-28', 'foreign-token-403'),
  ]),
  mustAnyEra('contract-7.1-422-redirect', '7.1', 'A refused redirect address gets 422 invalid_redirect_uri with a description', [
    'registration-refuses-bad-redirect-uri',
  ]),
  mustAnyEra('contract-7.1-422-metadata', '7.1', 'A rejected payload gets 422 invalid_client_metadata with a description', [
    'registration-refuses-bad-metadata',
  ]),
  mustAnyEra('contract-7.1-429', '7.1', '429 carries {"error": "rate_limit_exceeded"} and Retry-After, on both limited endpoints', [
    branch('MCP endpoint', 'mcp-rate-limit-enforced'),
    branch('registration endpoint', 'registration-rate-limit'),
    inEra('2026-07-28', 'repeated-429-shape'),
  ]),
  mustAnyEra('contract-7.2-tool-error', '7.2 rules 1-2', 'A tool that cannot complete returns a tool error result {"error": …} in a successful envelope', [
    inEra('2025-11-25', 'tool-error-not-found'),
    inEra('2026-07-28', 'tool-error-not-found'),
  ]),
  mustAnyEra('contract-7.2-not-found', '7.2 rule 3', 'An unknown id: the message names the record kind and the id, and says not found', [
    inEra('2025-11-25', 'tool-error-not-found'),
    inEra('2026-07-28', 'tool-error-not-found'),
  ]),
  mustAnyEra('contract-7.2-not-authorized', '7.2 rule 3', 'A record the person may not open: the message says not authorized', [
    inEra('2025-11-25', 'tool-error-not-authorized'),
    inEra('2026-07-28', 'tool-error-not-authorized'),
  ]),
  mustAnyEra('contract-7.2-validation', '7.2 rule 3', 'A rejected argument (over its maximum or under its minimum): the message begins with the validation-failed text followed by the reason', [
    inEra('2025-11-25', 'tool-error-validation'),
    inEra('2026-07-28', 'tool-error-validation'),
  ]),
  mustAnyEra('contract-7.2-clients', '7.2 rule 4', 'Clients treat tool errors as tool errors and need not reconnect', {
    unobservable: 'a rule for clients, not for the deployment',
  }),

  // 8. Limits
  mustAnyEra('contract-8-mcp-limit', '8', 'POST / admits 180 requests per 60 s per user account', [
    inEra('2025-11-25', 'mcp-rate-limit-enforced', 'sliding-window-edge'),
    inEra('2026-07-28', 'mcp-rate-limit-enforced'),
  ]),
  mustAnyEra('contract-8-register-limit', '8', 'POST /register admits 20 requests per 60 s', [
    branch('the 21st refused', 'registration-rate-limit'),
    missing('20 admitted', "registration-rate-limit passes a 429 at any count, since other checks spend the same per-address budget; no check registers 20 times in a quiet window and expects every one admitted"),
  ]),
  mustAnyEra('contract-8-register-per-ip', '8', 'The registration budget is counted per client IP address', [
    branch('another address admitted once one spent its budget (127.0.0.2 on a loopback deployment, else --second-client-address)', 'registration-budget-per-address'),
  ]),
  mustAnyEra('contract-8-rule1-unit', '8 rule 1', 'The unit is the HTTP request: every request costs one', [
    inEra('2025-11-25', 'mcp-rate-limit-enforced'),
    inEra('2026-07-28', 'mcp-rate-limit-enforced'),
  ]),
  mustAnyEra('contract-8-rule2-per-user', '8 rule 2', "All of one user's clients and tokens share one budget", ['budget-shared-per-person']),
  mustAnyEra('contract-8-rule3-slides', '8 rule 3', 'The window slides: capacity returns only as the oldest requests age out, never at a clock edge', [
    branch('a burst either side of a clock edge', 'sliding-window-edge'),
    branch('a request after Retry-After', 'retry-after-honoured'),
    branch('after a block lifts, no more admitted than the places aged out', 'failures-do-not-extend'),
  ]),
  mustAnyEra('contract-8-rule3-burst', '8 rule 3', 'The whole budget may be spent at once', ['whole-budget-at-once']),
  mustAnyEra('contract-8-rule4-unauthenticated', '8 rule 4', 'Requests without a token are not counted', ['unauthenticated-not-counted']),
  mustAnyEra('contract-8-rule5-answer', '8 rule 5', '429 {"error": "rate_limit_exceeded"} with Retry-After in whole seconds, at most 60', [
    inEra('2025-11-25', 'mcp-rate-limit-enforced', 'retry-after-valid'),
    inEra('2026-07-28', 'repeated-429-shape'),
    branch('past the in-flight bound, where the deployment has one (--mcp-in-flight)', 'in-flight-limit-429'),
  ]),
  mustAnyEra('contract-8-rule5-every-refusal', '8 rule 5', 'Every refusal while limited has that shape, not only the first', [
    branch('MCP endpoint', 'repeated-429-shape'),
    branch('every 429 of the MCP endpoint in the run (invariant)', 'mcp-429-shape'),
    branch('registration endpoint', 'registration-rate-limit'),
    inEra('2026-07-28', 'repeated-429-shape'),
  ]),
  mustAnyEra('contract-8-rule6-no-extension', '8 rule 6', 'Requests that keep failing do not extend the penalty', ['failures-do-not-extend']),
  mustAnyEra('contract-8-rule7-no-headers', '8 rule 7', 'No X-RateLimit-* headers', [
    inEra('2025-11-25', 'no-rate-limit-headers'),
    inEra('2026-07-28', 'no-rate-limit-headers', 'repeated-429-shape'),
  ]),
];
