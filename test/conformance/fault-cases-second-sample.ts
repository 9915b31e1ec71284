import type { SampleFault } from './fake/faults-second-sample.js';
import type { FakeDeploymentOptions } from './fake-deployment.js';
import type { FaultCase } from './fault-cases.js';

// Small budgets keep the rate-limit cases to a few seconds, as in fault-cases.ts.
const SMALL_MCP_LIMIT = { fake: { mcpRateLimit: { limit: 5, windowMs: 2000 } }, run: { mcpRateLimit: { limit: 5, windowSeconds: 2 } } };

function sampleCase(check: string, group: FaultCase['group'], deployment: string, fault: SampleFault, reason: RegExp, fake: Omit<FakeDeploymentOptions, 'faults'> = {}): FaultCase {
  return { check, group, deployment, fake: { faults: { sampleFault: fault }, ...fake }, reason };
}

/**
 * Issue 41's second fresh sample of realistic faults (docs/runner-power.md, "A second fresh
 * sample of realistic faults"), each kept caught by the check named: the sample's misses, caught by
 * the checks widened or added for them, and the faults it was first to express. The sample's
 * faults that an older fault already expresses keep their older cases.
 */
export const SECOND_SAMPLE_FAULT_CASES: readonly FaultCase[] = [
  // The misses, before the checks were widened or added.
  sampleCase('foreign-origin-refused', 'mcp', 'takes Origin: null for no Origin', 'origin-null-as-absent', /a request with Origin null: expected HTTP 403, got HTTP 200/),
  sampleCase('modern-foreign-origin-403', 'modern-mcp', 'takes Origin: null for no Origin', 'origin-null-as-absent', /tools\/list with Origin null: expected HTTP 403, got HTTP 200/),
  sampleCase('modern-unsupported-version-32022', 'modern-mcp', 'serves an unknown version later than 2026-07-28 as 2026-07-28', 'later-version-as-modern', /tools\/list as version 2099-12-31/),
  sampleCase('invalid-token-401', 'mcp', 'refuses a refresh token presented as a bearer token with neither challenge nor error', 'refresh-token-bearer-unexplained', /with a refresh token as the bearer token: .*(no WWW-Authenticate|"error")/),
  sampleCase('code-bound-to-requested-redirect-uri', 'authorization', "redeems a code with any of its client's registered redirect URIs", 'code-redirect-any-registered', /redeemed with the client's other registered redirect URI \S+: expected HTTP 400, got HTTP 200/),
  sampleCase('modern-structured-content-schema', 'modern-mcp', 'writes the numbers of 2026-07-28 tool results as strings', 'modern-numbers-as-strings', /tools\/call get_survey .*position/),
  sampleCase('client-metadata-missing-document-refused', 'authorization', 'serves a client_id URL whose host cannot be reached as a client without metadata', 'document-failure-falls-through', /client-metadata\.conformance\.invalid\S*, whose host cannot be reached: the deployment accepted it and redirected/),
  sampleCase('registration-no-secret', 'registration', 'gives a registration naming no token_endpoint_auth_method client_secret_basic and a secret', 'default-auth-method-secret', /naming no token_endpoint_auth_method: the client record gives token_endpoint_auth_method "client_secret_basic" and a "client_secret"/),
  sampleCase('sign-in-fields-tampered', 'authorization', "follows its sign-in form's return_to field anywhere", 'sign-in-return-to-anywhere', /return_to set to https:\/\/conformance\.invalid\/: POST http:\/\/127\.0\.0\.1:\d+\/oauth\/sign-in answered HTTP 303 with Location https:\/\/conformance\.invalid\/: the sign-in sends the browser to another site/),
  sampleCase('revoke-other-clients-refresh-ignored', 'revocation', "lets a metadata-document client revoke another client's tokens", 'document-client-revokes-any', /the metadata-document client \S+ revoked the runner's refresh token/),
  sampleCase('revoke-other-clients-token-ignored', 'revocation', "lets a metadata-document client revoke another client's tokens", 'document-client-revokes-any', /the metadata-document client \S+ revoked the runner's access token/),
  sampleCase('code-bound-to-client', 'authorization', "drops a client_id URL's fragment at the token endpoint", 'token-client-id-fragment-dropped', /as \S+#conformance: .*the deployment accepted it and issued tokens/),
  sampleCase('registration-refuses-bad-metadata', 'registration', 'answers a registration body that is a JSON array 400 from its body parser', 'register-non-object-400', /a JSON array for a body: HTTP 400/),
  sampleCase('private-key-jwt-subject-refused', 'authorization', "takes a client assertion whose sub names another client", 'assertion-sub-unchecked', /an assertion whose sub names another client: the deployment accepted it and issued tokens/),
  sampleCase('skills-served', 'mcp', 'lists no skill in 2025-11-25 though it declares the extension there', 'legacy-skills-empty', /2025-11-25: skills\/list names \[\]; 2026-07-28: .*the deployment's skills differ by era/),
  // The faults caught before any widening, that no older fault expressed.
  sampleCase('modern-notification-no-response', 'modern-mcp', 'answers a 2026-07-28 notification with a result under id null', 'modern-notification-answered', /a notification got HTTP 200/),
  sampleCase('missing-token-401', 'mcp', 'points its challenge at /.well-known/oauth-protected-resource/mcp, which names another resource', 'challenge-points-to-mounted-metadata', /resource_metadata is "\S+\/\.well-known\/oauth-protected-resource\/mcp"/),
  sampleCase('challenge-metadata-names-resource', 'discovery', 'points its challenge at /.well-known/oauth-protected-resource/mcp, which names another resource', 'challenge-points-to-mounted-metadata', /named by the challenge, gives resource "\S+\/mcp"/),
  sampleCase('stream-request-404', 'mcp', 'answers GET / asking for an event stream with an HTML page', 'stream-get-html-fallback', /GET \/ with the token: expected HTTP 404, got HTTP 200/),
  sampleCase('mcp-cors-exposes-headers', 'mcp', 'answers the preflight OPTIONS / with 401', 'preflight-behind-bearer', /the preflight OPTIONS \/ without a token answered HTTP 401/),
  sampleCase('modern-cacheable-results-hints', 'modern-mcp', 'answers 2026-07-28 resources/list with -32601', 'modern-resources-list-missing', /resources\/list: expected HTTP 200 with a result, got HTTP 404/),
  sampleCase('stream-request-404', 'mcp', 'answers the stream-opening GET with a plain-text 404', 'stream-404-plain-text', /expected a JSON-RPC error -32601 in the body, got none/),
  sampleCase('metadata-at-authorization-origin', 'discovery', "publishes ui_locales_supported: [] in the auth host's metadata", 'auth-host-empty-ui-locales', /is not the document at/),
  sampleCase('metadata-at-authorization-origin', 'discovery', "leaves code_challenge_methods_supported out of the auth host's metadata", 'auth-host-no-pkce-methods', /is not the document at/),
  sampleCase('private-key-jwt-expired-refused', 'authorization', 'answers an expired client assertion with invalid_grant', 'expired-assertion-invalid-grant', /with client_assertion expired: expected HTTP 400 or 401 with "invalid_client", no token issued, got HTTP 400/),
  sampleCase('authorize.redirect_uri.extended-path@cimd-public', 'authorization', "takes any loopback redirect for a metadata-document client, its document's redirect_uris unread", 'loopback-redirect-skips-document', /the deployment redirected to http:\/\/127\.0\.0\.1:33418\/callback\/extra/),
  sampleCase('tools-list', 'mcp', 'lists its argument-less tool in 2025-11-25 with properties: null', 'legacy-properties-null', /tool get_me: inputSchema has "properties" that is not an object/),
  sampleCase('token.client_assertion.omitted@cimd-jwt+refresh', 'authorization', 'serves the refresh grant of a private_key_jwt client without its assertion', 'jwt-refresh-unauthenticated', /a refresh by the cimd-jwt client with client_assertion left out: the deployment accepted it and issued tokens/),
  { ...sampleCase('mcp-rate-limit-enforced', 'rate-limits', "answers a burst's refusals 503", 'burst-refused-503', /while spending the budget a request got HTTP 503/, SMALL_MCP_LIMIT.fake), run: SMALL_MCP_LIMIT.run },
  sampleCase('mcp-app-resource-read', 'mcp', 'names in its app tool a ui:// URI renamed since', 'view-uri-renamed', /could not read the MCP App ui:\/\/fake-survey-mcp\/survey-results-v2\.html/),
  { check: 'confirmation-decline-changes-nothing', group: 'confirmations', deployment: 'applies a confirmation answered cancel', fake: { faults: { confirmationFault: 'cancel-applies' } }, reason: /was deleted after answering "cancel"/ },
];
