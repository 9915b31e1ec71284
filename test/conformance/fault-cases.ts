import type { Group } from '../../conformance/check.js';
import type { ConformanceOptions } from '../../conformance/options.js';
import { BRANCH_FAULT_CASES } from './branch-fault-cases.js';
import { CONFIRMATION_FAULT_CASES } from './fault-cases-confirmations.js';
import { EACH_ERA_FAULT_CASES } from './fault-cases-each-era.js';
import type { FakeDeploymentOptions } from './fake-deployment.js';
import { MODERN_FAULT_CASES } from './fault-cases-modern.js';
import { SOURCE_FAULT_CASES } from './fault-cases-sources.js';
import { PRIVATE_KEY_JWT_FAULT_CASES } from './fault-cases-private-key-jwt.js';
import { ID_JAG_FAULT_CASES } from './fault-cases-id-jag.js';
import { SKILLS_FAULT_CASES } from './fault-cases-skills.js';
import { SURVIVOR_FAULT_CASES } from './fault-cases-survivors.js';
import { NEVER_JUDGED_FAULT_CASES } from './fault-cases-never-judged.js';
import { VARIANT_FAULT_CASES } from './fault-cases-variants.js';
import { FRESH_SEED_FAULT_CASES } from './fault-cases-fresh-seed.js';
import { DEMONSTRATED_FAULT_CASES } from './fault-cases-demonstrated.js';
import { FRESH_FAULT_CASES } from './fault-cases-fresh.js';
import { SECOND_SAMPLE_FAULT_CASES } from './fault-cases-second-sample.js';
import { THIRD_SAMPLE_FAULT_CASES } from './fault-cases-third-sample.js';

/** One wrong deployment and the check that must catch it, for the reason given. */
export interface FaultCase {
  readonly check: string;
  readonly group: Group;
  /** Completes "… fails when the deployment …". */
  readonly deployment: string;
  readonly fake: FakeDeploymentOptions;
  /** The failure message must match: the check failed for the right reason. */
  readonly reason: RegExp;
  readonly run?: Partial<ConformanceOptions>;
  /**
   * Checks of the same group that catch this fault too, by its nature, on some runs: ids, case
   * families (`token.client_assertion.omitted`), or `@cimd-jwt` for every case of a client kind.
   */
  readonly mayAlsoFail?: readonly string[];
}

// Small budgets keep the rate-limit cases to a few seconds.
const SMALL_MCP_LIMIT = { fake: { limit: 5, windowMs: 2000 }, runner: { limit: 5, windowSeconds: 2 } };

function rateCase(
  check: string,
  deployment: string,
  faults: FakeDeploymentOptions['faults'],
  reason: RegExp,
  limit = SMALL_MCP_LIMIT,
): FaultCase {
  return {
    check,
    group: 'rate-limits',
    deployment,
    fake: { faults, mcpRateLimit: limit.fake },
    reason,
    run: { mcpRateLimit: limit.runner },
  };
}

export const FAULT_CASES: readonly FaultCase[] = [
  // discovery
  {
    check: 'protected-resource-metadata',
    group: 'discovery',
    deployment: 'names another resource in its protected-resource metadata',
    fake: { faults: { prmOverrides: { resource: 'https://elsewhere.example' } } },
    reason: /"resource" is "https:\/\/elsewhere\.example"/,
  },
  {
    check: 'authorization-server-metadata',
    group: 'discovery',
    deployment: 'serves its metadata through a redirect',
    fake: { faults: { asMetadataRedirect: true } },
    reason: /redirected to \/\.well-known\/as-metadata/,
  },
  {
    check: 'openid-configuration-document',
    group: 'discovery',
    deployment: 'publishes a different token endpoint in openid-configuration',
    fake: { faults: { openidConfigurationOverrides: { token_endpoint: 'http://127.0.0.1:9/token' } } },
    reason: /differs from \/\.well-known\/oauth-authorization-server in "token_endpoint"/,
  },
  {
    check: 'issuer-matches-base-url',
    group: 'discovery',
    deployment: 'publishes the issuer with a trailing slash',
    fake: { faults: { issuerSuffix: '/' } },
    reason: /"issuer" in \/\.well-known\/oauth-authorization-server is "http:\/\/127\.0\.0\.1:\d+\/"/,
  },
  {
    check: 'endpoints',
    group: 'discovery',
    deployment: 'publishes no revocation endpoint',
    fake: { faults: { asMetadataOverrides: { revocation_endpoint: undefined } } },
    reason: /"revocation_endpoint" in \/\.well-known\/oauth-authorization-server is undefined/,
  },
  {
    check: 'response-types',
    group: 'discovery',
    deployment: 'advertises the implicit response type',
    fake: { faults: { asMetadataOverrides: { response_types_supported: ['code', 'token'] } } },
    reason: /"response_types_supported" must be \["code"\]/,
  },
  {
    check: 'grant-types',
    group: 'discovery',
    deployment: 'advertises the implicit grant',
    fake: { faults: { asMetadataOverrides: { grant_types_supported: ['authorization_code', 'refresh_token', 'implicit'] } } },
    reason: /"grant_types_supported" must be/,
  },
  {
    check: 'pkce-methods',
    group: 'discovery',
    deployment: 'leaves plain out of its PKCE methods',
    fake: { faults: { asMetadataOverrides: { code_challenge_methods_supported: ['S256'] } } },
    reason: /"code_challenge_methods_supported" must be \["S256","plain"\]/,
  },
  {
    check: 'token-endpoint-auth-methods',
    group: 'discovery',
    deployment: 'offers client secrets',
    fake: { faults: { asMetadataOverrides: { token_endpoint_auth_methods_supported: ['none', 'client_secret_basic'] } } },
    reason: /"token_endpoint_auth_methods_supported" must be \["none"\]/,
  },
  {
    check: 'scopes-supported',
    group: 'discovery',
    deployment: 'advertises an extra scope',
    fake: { faults: { asMetadataOverrides: { scopes_supported: ['mcp_customer', 'openid'] } } },
    reason: /"scopes_supported" must be \["mcp_customer"\]/,
  },
  {
    check: 'metadata-without-nulls',
    group: 'discovery',
    deployment: 'publishes a null value',
    fake: { faults: { asMetadataOverrides: { service_documentation: null } } },
    reason: /null published for "service_documentation"/,
  },
  {
    check: 'openid-configuration-parser-fields',
    group: 'discovery',
    deployment: 'leaves jwks_uri out of openid-configuration',
    fake: { faults: { openidConfigurationOverrides: { jwks_uri: undefined } } },
    reason: /lacks "jwks_uri"/,
  },
  {
    check: 'discovery-cors',
    group: 'discovery',
    deployment: 'sends no CORS headers',
    fake: { faults: { noCors: true } },
    reason: /allows origin none \(no Access-Control-Allow-Origin\)/,
  },
  {
    check: 'client-id-metadata-document-supported',
    group: 'discovery',
    deployment: 'does not advertise client ID metadata documents',
    fake: { faults: { asMetadataOverrides: { client_id_metadata_document_supported: undefined } } },
    reason: /"client_id_metadata_document_supported" must be true, or clients such as Claude and VS Code fall back to registration: \/\.well-known\/oauth-authorization-server has undefined/,
  },

  // registration
  {
    check: 'registration-response',
    group: 'registration',
    deployment: 'registers clients with the wrong scope',
    fake: { faults: { registrationOverrides: { scope: 'openid' } } },
    reason: /"scope" is "openid", expected "mcp_customer"/,
  },
  {
    check: 'registration-no-secret',
    group: 'registration',
    deployment: 'issues a client secret',
    fake: { faults: { registrationOverrides: { client_secret: 'shh' } } },
    reason: /carries a "client_secret"/,
  },
  {
    check: 'registration-idempotent',
    group: 'registration',
    deployment: 'issues a new client_id on re-registration',
    fake: { faults: { newClientIdOnReRegistration: true } },
    reason: /the repeated POST \/register returned client_id "client_.+", the first one "client_.+"/,
  },
  {
    check: 'registration-refuses-bad-redirect-uri',
    group: 'registration',
    deployment: 'accepts any redirect URI',
    fake: { faults: { acceptAnyRedirectUri: true } },
    reason: /a javascript: URI \(javascript:alert\(1\)\): HTTP 201/,
  },
  {
    check: 'registration-refuses-bad-metadata',
    group: 'registration',
    deployment: 'refuses bad metadata with 400 instead of 422',
    fake: { faults: { registrationErrorStatus: 400 } },
    reason: /grant_types \["password"\]: HTTP 400/,
  },
  {
    check: 'registration-accepts-native-redirects',
    group: 'registration',
    deployment: 'accepts only https redirect URIs',
    fake: { faults: { httpsOnlyRedirects: true } },
    reason: /answered HTTP 422/,
  },
  {
    check: 'registration-rate-limit',
    group: 'registration',
    deployment: 'does not limit registration',
    fake: { faults: { noRegisterLimit: true } },
    reason: /21 registrations in [\d.]+ s were all accepted; the limit is 20 per 60 s/,
    run: { includeRegisterLimit: true },
  },

  // authorization and tokens
  {
    check: 'authorization-code-flow',
    group: 'authorization',
    deployment: 'issues no refresh token',
    fake: { faults: { omitRefreshToken: true } },
    reason: /no refresh_token/,
  },
  {
    check: 'token-scope-and-lifetime',
    group: 'authorization',
    deployment: 'issues access tokens for two hours',
    fake: { accessTokenTtlSeconds: 7200 },
    reason: /expires_in is 7200, expected 1\.\.3600/,
  },
  {
    check: 'state-returned',
    group: 'authorization',
    deployment: 'mangles state',
    fake: { faults: { mangleState: true } },
    reason: /state came back as ".+", sent ".+"/,
  },
  {
    check: 'iss-returned',
    group: 'authorization',
    deployment: 'leaves iss out of the authorization response',
    fake: { faults: { omitIss: true } },
    reason: /no iss parameter/,
  },
  {
    check: 'unregistered-redirect-uri-refused',
    group: 'authorization',
    deployment: 'redirects to any redirect URI (an open redirect)',
    fake: { faults: { openRedirect: true } },
    reason: /redirected to the unregistered http:\/\/127\.0\.0\.1:\d+\/not-registered: an open redirect/,
  },
  {
    check: 'no-error-redirect-to-untrusted-web-uri',
    group: 'authorization',
    deployment: 'redirects an error to a just-registered https URI for a browser with no session',
    fake: { faults: { redirectErrorsToStrangers: true } },
    reason: /no session was redirected to https:\/\/open-redirect-probe\.invalid\/callback/,
  },
  {
    check: 'loopback-redirect-any-port',
    group: 'authorization',
    deployment: 'matches loopback redirect URIs with their port',
    fake: { faults: { strictLoopbackPort: true } },
    reason: /on port 43211 was refused: HTTP 400/,
  },
  {
    check: 'client-metadata-document-flow',
    group: 'authorization',
    deployment: 'treats an https client_id as an unknown client',
    fake: { faults: { clientMetadataUnsupported: true } },
    reason: /the authorization stopped at GET http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?\S+ \(HTTP 400\) instead of redirecting/,
  },
  {
    check: 'bad-client-metadata-document-refused',
    group: 'authorization',
    deployment: 'accepts a metadata document whose client_id is not its URL',
    fake: { faults: { clientMetadataMismatchAccepted: true } },
    reason: /accepted the document at https:\/\/client\.example\/oauth\/mismatched\.json and redirected to http:\/\/127\.0\.0\.1:33418\/callback/,
  },
  {
    check: 'pkce-required',
    group: 'authorization',
    deployment: 'lets a client leave PKCE out',
    fake: { faults: { pkceOptional: true } },
    reason: /by the dcr-public client with code_challenge left out: the deployment issued a code/,
  },
  {
    check: 'pkce-unknown-method-refused',
    group: 'authorization',
    deployment: 'accepts any PKCE method',
    fake: { faults: { acceptAnyChallengeMethod: true } },
    reason: /code_challenge_method S512: the deployment issued a code/,
  },
  {
    check: 'code-single-use',
    group: 'authorization',
    deployment: 'lets a code be redeemed twice',
    fake: { faults: { reusableCodes: true } },
    reason: /redeeming the same code a second time: expected HTTP 400, got HTTP 200/,
  },
  {
    check: 'code-replay-revokes-tokens',
    group: 'authorization',
    deployment: 'keeps the first tokens alive after a code replay',
    fake: { faults: { codeReplayKeepsTokens: true } },
    reason: /after the replay the first access token still answers HTTP 200/,
  },
  {
    check: 'pkce-verifier-mismatch',
    group: 'authorization',
    deployment: 'does not verify the PKCE verifier',
    fake: { faults: { skipPkceVerification: true } },
    reason: /with another verifier: expected HTTP 400, got HTTP 200/,
  },
  {
    check: 'pkce-no-downgrade',
    group: 'authorization',
    deployment: 'accepts the S256 challenge as a plain verifier',
    fake: { faults: { allowPlainDowngrade: true } },
    reason: /the challenge as the verifier: expected HTTP 400, got HTTP 200/,
  },
  {
    check: 'refresh-grant',
    group: 'authorization',
    deployment: 'does not support the refresh_token grant',
    fake: { faults: { refreshUnsupported: true } },
    reason: /could not renew a token with the refresh_token grant: HTTP 400 with error "unsupported_grant_type"/,
  },
  {
    check: 'refresh-token-rotation',
    group: 'authorization',
    deployment: 'returns the same refresh token',
    fake: { faults: { noRefreshRotation: true } },
    reason: /refresh 1 returned a refresh token already issued/,
  },
  {
    check: 'spent-refresh-token-refused',
    group: 'authorization',
    deployment: 'accepts a spent refresh token',
    fake: { faults: { spentRefreshAccepted: true } },
    reason: /presenting the spent refresh token again 3 s after a retry was answered \(past --refresh-grace 2\), after its lineage renewed: expected HTTP 400, got HTTP 200/,
  },
  {
    check: 'spent-refresh-revokes-grant',
    group: 'authorization',
    deployment: 'keeps the grant alive after a spent refresh token is reused',
    fake: { faults: { refreshReuseKeepsGrant: true } },
    reason: /after the reuse the newest access token still answers HTTP 200/,
  },
  {
    check: 'token-error-responses',
    group: 'authorization',
    deployment: 'answers token errors with 500',
    fake: { faults: { tokenErrorStatus: 500 } },
    reason: /never issued: expected HTTP 400, got HTTP 500/,
  },
  {
    check: 'token-no-store',
    group: 'authorization',
    deployment: 'lets token responses be cached',
    fake: { faults: { omitNoStore: true } },
    reason: /the token response and a refused refresh and a refused code and a refused grant type lack Cache-Control: no-store/,
  },

  // MCP transport
  {
    check: 'initialize',
    group: 'mcp',
    deployment: 'answers initialize with an error',
    fake: { faults: { initializeError: true } },
    reason: /no JSON-RPC result; error -32603/,
  },
  {
    check: 'tools-list',
    group: 'mcp',
    deployment: 'lists no tools',
    fake: { faults: { emptyToolList: true } },
    reason: /the result has no tools/,
  },
  {
    check: 'tools-call',
    group: 'mcp',
    deployment: 'returns tool results without content',
    fake: { faults: { omitToolContent: true } },
    reason: /the result has no text content/,
  },
  {
    check: 'missing-token-401',
    group: 'mcp',
    deployment: 'answers 401 without WWW-Authenticate',
    fake: { faults: { omitWwwAuthenticate: true } },
    reason: /the 401 has no WWW-Authenticate header/,
  },
  {
    check: 'invalid-token-401',
    group: 'mcp',
    deployment: 'accepts a token it never issued',
    fake: { faults: { acceptGarbageTokens: true } },
    reason: /garbage token: expected HTTP 401, got HTTP 200/,
  },
  {
    check: 'expired-token-401',
    group: 'mcp',
    deployment: 'accepts expired tokens',
    fake: { faults: { expiredTokensAccepted: true }, accessTokenTtlSeconds: 1 },
    reason: /after the token was issued: expected HTTP 401, got HTTP 200/,
  },
  {
    check: 'foreign-token-403',
    group: 'mcp',
    // 401 is not a wrong deployment the runner can tell from an expired --foreign-token: a setup error (broken-deployments.test.ts).
    deployment: "answers another service's token with 400 instead of 403",
    fake: { faults: { foreignTokenStatus: 400 } },
    reason: /token of another service: expected HTTP 403, got HTTP 400/,
  },
  {
    check: 'unauthenticated-get-401',
    group: 'mcp',
    deployment: 'answers GET / before checking the token',
    fake: { faults: { streamBeforeAuth: true } },
    reason: /GET \/ without a token: expected HTTP 401, got HTTP 404/,
  },
  {
    check: 'stream-request-404',
    group: 'mcp',
    deployment: 'answers the stream request with 405',
    fake: { faults: { streamStatus: 405 } },
    reason: /GET \/ with the token: expected HTTP 404, got HTTP 405/,
  },
  {
    check: 'stream-get-strict-clients',
    group: 'mcp',
    deployment: 'answers the stream request with 400, which strict clients take for a failed transport',
    fake: { faults: { streamStatus: 400 } },
    reason: /GET \/ with the token answered HTTP 400, but strict clients .* accept only 405 or an event stream/,
  },
  {
    check: 'unknown-method-32601',
    group: 'mcp',
    deployment: 'answers an unknown method with HTTP 404',
    fake: { faults: { unknownMethodHttpStatus: 404 } },
    reason: /an unknown method: expected HTTP 200, got HTTP 404/,
  },
  {
    check: 'unsupported-protocol-version-400',
    group: 'mcp',
    deployment: 'ignores MCP-Protocol-Version',
    fake: { faults: { ignoreProtocolVersion: true } },
    reason: /MCP-Protocol-Version 1999-01-01: expected HTTP 400, got HTTP 200/,
  },
  {
    check: 'notification-202',
    group: 'mcp',
    deployment: 'answers a notification with 200',
    fake: { faults: { notificationStatus: 200 } },
    reason: /notifications\/initialized: expected HTTP 202, got HTTP 200/,
  },
  {
    check: 'foreign-origin-refused',
    group: 'mcp',
    deployment: 'ignores the Origin header',
    fake: { faults: { ignoreOrigin: true } },
    reason: /Origin https:\/\/attacker\.invalid: expected HTTP 403, got HTTP 200/,
  },

  // tool errors
  {
    check: 'tool-error-not-found',
    group: 'tool-errors',
    deployment: 'sends a tool error as a JSON-RPC error',
    fake: { faults: { toolErrorsAsJsonRpcErrors: true } },
    reason: /came back as JSON-RPC error -32000 "survey 'srv_conformance_\w+' not found"/,
  },
  {
    check: 'tool-error-not-authorized',
    group: 'tool-errors',
    deployment: 'shows a survey the person may not open',
    fake: { faults: { forbiddenSurveyVisible: true } },
    reason: /the result is not marked isError: true/,
  },
  {
    check: 'tool-error-validation',
    group: 'tool-errors',
    deployment: 'words validation errors its own way',
    fake: { faults: { validationMessageWithoutPrefix: true } },
    reason: /the message "limit too large" must begin "validation failed: "/,
  },

  ...MODERN_FAULT_CASES,

  // rate limits
  rateCase('mcp-rate-limit-enforced', 'does not limit the MCP endpoint', { noMcpLimit: true }, /6 requests in [\d.]+ s were all admitted; the limit is 5 per 2 s/),
  rateCase(
    'retry-after-valid',
    'asks to retry after more than the 60 s window',
    { retryAfterSeconds: 61 },
    /Retry-After is 61, outside 1\.\.60/,
    { fake: { limit: 5, windowMs: 60_000 }, runner: { limit: 5, windowSeconds: 60 } },
  ),
  rateCase('no-rate-limit-headers', 'sends X-RateLimit headers', { rateLimitHeaders: true }, /must not carry x-ratelimit-limit, x-ratelimit-remaining/),
  rateCase(
    'budget-shared-per-person',
    'limits each token separately',
    { limitPerToken: true },
    /a second client's token of the same person got HTTP 200/,
  ),
  rateCase(
    'unauthenticated-not-counted',
    'throttles before authenticating',
    { limitBeforeAuth: true },
    /a request without a token got HTTP 429 .*expected 401/,
  ),
  rateCase('failures-do-not-extend', 'restarts the penalty on every refused request', { penaltyExtends: true }, /the penalty grew/),
  rateCase('failures-do-not-extend', 'forgets every live log each 100 ms, so a spent budget refills inside the window', { liveLogsSwept: true }, /requests were admitted again by \d\.\d\d s after the block lifted, while \d of the \d+ the run spent the budget with were still inside the 2 s window: at most \d places were free, the budget refilled inside the window/),
  rateCase(
    'retry-after-honoured',
    'understates Retry-After',
    { understateRetryAfter: true },
    /a request 1 s after the 429 \(as Retry-After asked\) got HTTP 429/,
    { fake: { limit: 5, windowMs: 3000 }, runner: { limit: 5, windowSeconds: 3 } },
  ),

  // revocation
  {
    check: 'revoked-access-token-401',
    group: 'revocation',
    deployment: 'ignores revocation',
    fake: { faults: { revocationIgnored: true } },
    reason: /after revoking the access token: expected HTTP 401, got HTTP 200/,
  },
  {
    check: 'revoked-refresh-token-signs-out',
    group: 'revocation',
    deployment: 'keeps access tokens alive when their refresh token is revoked',
    fake: { faults: { revokeRefreshKeepsAccess: true } },
    reason: /the newest access token's next request after revoking the refresh token: expected HTTP 401, got HTTP 200/,
  },
  {
    check: 'revoke-unknown-token-200',
    group: 'revocation',
    deployment: 'answers 400 for an unknown token',
    fake: { faults: { revokeUnknownStatus: 400 } },
    reason: /revoking the access token failed/,
  },
  ...BRANCH_FAULT_CASES,
  ...SOURCE_FAULT_CASES,
  ...PRIVATE_KEY_JWT_FAULT_CASES,
  ...ID_JAG_FAULT_CASES,
  ...SKILLS_FAULT_CASES,
  ...EACH_ERA_FAULT_CASES,
  ...CONFIRMATION_FAULT_CASES,
  ...SURVIVOR_FAULT_CASES,
  ...NEVER_JUDGED_FAULT_CASES,
  ...VARIANT_FAULT_CASES,
  ...FRESH_SEED_FAULT_CASES,
  ...DEMONSTRATED_FAULT_CASES,
  ...FRESH_FAULT_CASES,
  ...SECOND_SAMPLE_FAULT_CASES,
  ...THIRD_SAMPLE_FAULT_CASES,
];
