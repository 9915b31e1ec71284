import { ERA_FAULT_CASES } from './fault-cases-eras.js';
import { ONE_BRANCH_FAULT_CASES } from './fault-cases-branches.js';
import type { FaultCase } from './fault-cases.js';
import { BEHAVIOUR_FAULT_CASES, FRAMING_FAULT_CASES, GRACE_FAULT_CASES, NARROW_FAULT_CASES } from './fault-cases-narrow.js';

/**
 * Wrong deployments that break a rule in one branch or at one edge only (an error path, a
 * second client, a window boundary), each caught by the check named, and by no other.
 */
export const BRANCH_FAULT_CASES: readonly FaultCase[] = [
  // discovery
  {
    check: 'resource-matches-base-url',
    group: 'discovery',
    deployment: 'publishes the resource with a trailing slash',
    fake: { faults: { resourceTrailingSlash: true } },
    reason: /"resource" is "http:\/\/127\.0\.0\.1:\d+\/", the client used "http:\/\/127\.0\.0\.1:\d+"/,
  },
  {
    check: 'iss-parameter-advertised',
    group: 'discovery',
    deployment: 'sends iss without advertising it',
    fake: { faults: { asMetadataOverrides: { authorization_response_iss_parameter_supported: undefined } } },
    reason: /"authorization_response_iss_parameter_supported" must be true/,
  },

  // registration
  {
    check: 'registration-idempotent',
    group: 'registration',
    deployment: 'restamps client_id_issued_at on every re-registration',
    fake: { faults: { reRegistrationRestamped: true } },
    reason: /the same client_id but a different record: "client_id_issued_at" \d+ became \d+/,
  },

  // mcp
  {
    check: 'mcp-cors-exposes-headers',
    group: 'mcp',
    deployment: 'exposes none of its headers to browsers',
    fake: { faults: { mcpExposesNoHeaders: true } },
    reason: /a browser client cannot read www-authenticate, retry-after, mcp-protocol-version/,
  },

  {
    check: 'session-delete-answered',
    group: 'mcp',
    deployment: 'lets DELETE / reach a transport that opens an endless stream',
    fake: { faults: { deleteOpensStream: true } },
    reason: /DELETE \/ with the token got no complete answer \(no answer within 5000 ms\)/,
    // The endless stream always meets the deadline; the sign-in before it must not, on a busy machine too.
    run: { timeoutMs: 5000 },
  },

  // authorization: error paths of the authorization endpoint
  {
    check: 'authorization-error-redirect',
    group: 'authorization',
    deployment: 'grants a scope it does not offer',
    fake: { faults: { unknownScopeGranted: true } },
    reason: /scope conformance-unknown-scope: redirected back without an error/,
  },
  {
    check: 'authorization-error-redirect',
    group: 'authorization',
    deployment: 'leaves iss off its error redirects only',
    fake: { faults: { errorRedirectWithoutIss: true } },
    reason: /no code_challenge: iss missing/,
  },
  {
    check: 'authorization-denied-redirect',
    group: 'authorization',
    deployment: 'drops state when the person refuses',
    fake: { faults: { deniedWithoutState: true } },
    reason: /refusing on the consent page: state missing/,
  },
  {
    check: 'unregistered-redirect-uri-refused',
    group: 'authorization',
    deployment: 'takes localhost for a registered 127.0.0.1 redirect',
    fake: { faults: { loopbackAnyHost: true } },
    reason: /redirected to the unregistered http:\/\/localhost:33418\/callback: an open redirect/,
    mayAlsoFail: ['authorize.redirect_uri.loopback-alias'],
  },
  {
    check: 'unknown-client-error-page',
    group: 'authorization',
    deployment: "redirects an unknown client's request to its redirect URI",
    fake: { faults: { unknownClientRedirects: true } },
    reason: /client_id "conformance-unknown-client" was redirected to http:\/\/127\.0\.0\.1:33418\/callback/,
    // A client_id whose metadata document does not check out is an unknown client too, and so is
    // one the sign-in form's tampered fields or a special-use address leave unknown.
    mayAlsoFail: ['bad-client-metadata-document-refused', 'client-metadata-url-form-refused', 'client-metadata-missing-document-refused', 'sign-in-fields-tampered', 'client-metadata-special-use-refused'],
  },
  {
    check: 'unknown-client-json',
    group: 'authorization',
    deployment: 'answers an unknown client with HTML even when JSON is asked for',
    fake: { faults: { unknownClientHtmlOnly: true } },
    reason: /Accept: application\/json: the body is not a JSON object/,
  },

  {
    check: 'resource-trailing-slash-accepted',
    group: 'authorization',
    deployment: 'refuses the resource with a trailing slash',
    fake: { faults: { resourceSlashRefused: true } },
    reason: /resource "http:\/\/127\.0\.0\.1:\d+\/" was refused with error "invalid_target"/,
  },

  // authorization: the pages a person sees
  {
    check: 'consent-shows-client-and-redirect',
    group: 'authorization',
    deployment: 'hides the redirect destination on the consent page',
    fake: { faults: { consentHidesRedirect: true } },
    reason: /does not show the redirect destination http:\/\/127\.0\.0\.1:33418\/callback/,
  },
  {
    check: 'consent-not-framable',
    group: 'authorization',
    deployment: 'lets the consent page be framed',
    fake: { faults: { framableConsent: true } },
    reason: /lacks Content-Security-Policy frame-ancestors 'none' .* and X-Frame-Options: DENY/,
  },
  {
    check: 'consent-requires-csrf',
    group: 'authorization',
    deployment: 'accepts an approval with a forged CSRF token',
    fake: { faults: { consentIgnoresCsrf: true } },
    reason: /approved with a forged CSRF token and a code was issued/,
  },
  {
    // The altered redirect_uri is followed only once the consent is approved: the check must walk that far.
    check: 'sign-in-fields-tampered',
    group: 'authorization',
    deployment: 'takes the request its sign-in form posts back unchecked, so the code goes to the redirect_uri the form was altered to',
    fake: { faults: { signInRequestUnchecked: true } },
    reason: /redirect_uri[a-z_, ]* set to https:\/\/conformance\.invalid\/: POST http:\/\/127\.0\.0\.1:\d+\/oauth\/consent answered HTTP 303 with Location https:\/\/conformance\.invalid\/\?code=/,
  },
  {
    check: 'session-cookie-flags',
    group: 'authorization',
    deployment: 'lets scripts read the session cookie',
    fake: { faults: { sessionCookieScriptable: true } },
    reason: /cookie "sid" lacks HttpOnly/,
  },

  // authorization: what codes and refresh tokens are bound to
  {
    check: 'code-bound-to-client',
    group: 'authorization',
    deployment: 'lets another client redeem a code',
    fake: { faults: { codeNotBoundToClient: true } },
    reason: /as another client, with the right verifier: expected HTTP 400, got HTTP 200/,
    // The same code presented under another client's client_id is the table's cell of it.
    mayAlsoFail: ['token.client_id.other-client'],
  },
  {
    check: 'code-bound-to-redirect-uri',
    group: 'authorization',
    deployment: 'redeems a code with any redirect_uri',
    fake: { faults: { codeNotBoundToRedirectUri: true } },
    reason: /the code redeemed by the dcr-public client with redirect_uri replaced by another valid-looking value: the deployment accepted it and issued tokens/,
    // Any redirect_uri includes none at all, and the client's other registered one.
    mayAlsoFail: ['token.redirect_uri.omitted', 'code-bound-to-requested-redirect-uri'],
  },
  {
    check: 'code-parallel-redemption',
    group: 'authorization',
    deployment: 'checks a code and marks it used in two steps',
    fake: { faults: { codeRedemptionRace: true } },
    reason: /10 of 10 parallel redemptions of one code issued tokens, expected exactly 1/,
  },
  {
    check: 'refresh-bound-to-client',
    group: 'authorization',
    deployment: 'renews a refresh token for any client',
    fake: { faults: { refreshNotBoundToClient: true } },
    reason: /another client presenting the runner's refresh token: expected HTTP 400, got HTTP 200/,
    // A token bound to no client is bound to none within the refresh grace either.
    mayAlsoFail: ['refresh-retry-other-client-refused', 'token.client_id.other-client'],
  },
  {
    check: 'refresh-parallel',
    group: 'authorization',
    deployment: 'checks a refresh token and spends it in two steps',
    fake: { faults: { refreshRace: true } },
    reason: /5 of 5 parallel refreshes of one refresh token succeeded with 5 different refresh tokens, expected one/,
  },
  {
    check: 'refresh-no-scope-escalation',
    group: 'authorization',
    deployment: 'ignores the scope of a refresh request',
    fake: { faults: { refreshScopeEscalation: true } },
    reason: /scope "mcp_customer conformance-extra-scope": expected HTTP 400, got HTTP 200/,
  },
  {
    check: 'token-error-responses',
    group: 'authorization',
    deployment: 'answers a missing code with invalid_grant instead of invalid_request',
    fake: { faults: { missingParameterAsInvalidGrant: true } },
    reason: /without a code: expected "error": "invalid_request"/,
  },

  {
    check: 'token-error-responses',
    group: 'authorization',
    deployment: 'answers an unknown client_id with invalid_grant',
    fake: { faults: { unknownClientAsInvalidGrant: true } },
    reason: /a client_id never registered: expected "error": "invalid_client"/,
    // A deployment that never looks the client up refuses a client of a refused document the same way.
    mayAlsoFail: ['client-metadata-refused-at-token-endpoint'],
  },
  {
    check: 'token-no-store',
    group: 'authorization',
    deployment: 'lets the refusal of a code be cached',
    fake: { faults: { codeErrorsCacheable: true } },
    reason: /^a refused code lacks Cache-Control: no-store$/,
  },

  // rate limits: the whole budget at once (spec 8 rule 3)
  {
    check: 'whole-budget-at-once',
    group: 'rate-limits',
    deployment: 'caps the requests one person has in flight and refuses the rest inside the budget',
    fake: { faults: { concurrencyCap: 2 }, mcpRateLimit: { limit: 5, windowMs: 2000 } },
    reason: /^2 of the 4 requests sent at once, all inside the budget, were not served \(the first got HTTP 429.*a concurrency cap refuses inside the budget$/,
    run: { mcpRateLimit: { limit: 5, windowSeconds: 2 } },
  },

  // rate limits: the window edge
  {
    check: 'sliding-window-edge',
    group: 'rate-limits',
    deployment: 'counts requests in fixed clock windows',
    fake: { faults: { fixedWindow: true }, mcpRateLimit: { limit: 5, windowMs: 2000 } },
    reason: /capacity came back before the oldest request aged out/,
    // When its budget is spent across an edge, the plain limit check sees too many admitted too,
    // and requests right after a 429 may land in the next window and all be admitted.
    mayAlsoFail: ['mcp-rate-limit-enforced', 'repeated-429-shape'],
    run: { mcpRateLimit: { limit: 5, windowSeconds: 2 } },
  },

  {
    check: 'retry-after-counts-to-oldest',
    group: 'rate-limits',
    deployment: 'asks to wait a whole window from the first refusal',
    fake: { faults: { retryAfterFromFirstRefusal: true }, mcpRateLimit: { limit: 5, windowMs: 3000 } },
    reason: /Retry-After was \d; it ages out within \d s/,
    run: { mcpRateLimit: { limit: 5, windowSeconds: 3 } },
  },
  {
    check: 'repeated-429-shape',
    group: 'rate-limits',
    deployment: 'sends the error body with the first 429 in a row only',
    fake: { faults: { bareRepeatRefusals: true }, mcpRateLimit: { limit: 5, windowMs: 2000 } },
    reason: /refusal \d in a row: the body is not a JSON object/,
    run: { mcpRateLimit: { limit: 5, windowSeconds: 2 } },
    // The eras take turns while the budget is spent, and their answers come back in any order:
    // the 429 the spending reads first may be a repeat, which this deployment sends bare.
    mayAlsoFail: ['mcp-rate-limit-enforced'],
  },
  {
    check: 'registration-rate-limit',
    group: 'registration',
    deployment: 'sends the error body with the first refused registration only',
    fake: { faults: { bareRepeatRefusals: true }, registerRateLimit: { limit: 3, windowMs: 2000 } },
    reason: /registration \d+, right after the 429: the body is not a JSON object/,
    run: { includeRegisterLimit: true, registerRateLimit: { limit: 3, windowSeconds: 2 } },
  },

  // revocation
  {
    check: 'revoke-other-clients-token-ignored',
    group: 'revocation',
    deployment: "lets any client revoke another client's token",
    fake: { faults: { revokeAnyClientsToken: true } },
    reason: /another registered client(?: or the metadata-document client \S+)? revoked the runner's access token: HTTP 401/,
    // Any client includes none at all, and the table's cell of another client.
    mayAlsoFail: ['revocation.client_id.omitted', 'revocation.client_id.other-client'],
  },

  // issue 23: refresh retries, metadata where clients look for it
  {
    check: 'refresh-parallel-retry',
    group: 'authorization',
    deployment: 'takes a second parallel refresh of one token for a replay and revokes the grant',
    fake: { faults: { noRefreshGrace: true } },
    reason: /one of two parallel refreshes of one refresh token was refused \(HTTP 400.*invalid_grant.*\): a client that renews twice at once, as Gemini CLI does, loses its connection/,
    // The run gives the fake's --refresh-grace: the grace checks find none, though one is documented.
    mayAlsoFail: ['refresh-retry-same-successor', 'refresh-retry-after-revocation-refused', 'refresh-retry-other-client-refused'],
  },
  // issue 33: the grace ends when the successor is used
  {
    check: 'refresh-grace-ends-at-successor-use',
    group: 'authorization',
    deployment: 'answers a spent refresh token within its grace even after its successor was used',
    fake: { faults: { graceOutlivesSuccessorUse: true } },
    reason: /the first refresh token, presented again after its successor had been used, still renewed/,
  },
  {
    check: 'metadata-at-authorization-origin',
    group: 'discovery',
    deployment: "serves its authorization-server metadata only on the MCP host, not at the authorization endpoint's origin",
    fake: { faults: { noAuthOriginMetadata: true } },
    reason: /GET http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-authorization-server answered HTTP 404.*GET http:\/\/127\.0\.0\.1:\d+\/\.well-known\/openid-configuration answered HTTP 404.*Qwen Code/,
  },
  ...ERA_FAULT_CASES,
  ...NARROW_FAULT_CASES,
  ...GRACE_FAULT_CASES,
  ...BEHAVIOUR_FAULT_CASES,
  ...FRAMING_FAULT_CASES,
  ...ONE_BRANCH_FAULT_CASES,
];
