import type { FreshFault } from './fake/faults-fresh.js';
import type { FakeDeploymentOptions } from './fake-deployment.js';
import type { FaultCase } from './fault-cases.js';
import type { InvariantFaultCase } from './invariant-fault-cases.js';

// Small budgets keep the rate-limit cases to a few seconds, as in fault-cases.ts.
const SMALL_MCP_LIMIT = { fake: { mcpRateLimit: { limit: 5, windowMs: 2000 } }, run: { mcpRateLimit: { limit: 5, windowSeconds: 2 } } };

function freshCase(check: string, group: FaultCase['group'], deployment: string, fault: FreshFault, reason: RegExp, fake: Omit<FakeDeploymentOptions, 'faults'> = {}): FaultCase {
  return { check, group, deployment, fake: { faults: { freshFault: fault }, ...fake }, reason };
}

function rateCase(check: string, deployment: string, fault: FreshFault, reason: RegExp): FaultCase {
  return { check, group: 'rate-limits', deployment, fake: { faults: { freshFault: fault }, ...SMALL_MCP_LIMIT.fake }, reason, run: SMALL_MCP_LIMIT.run };
}

/**
 * Issue 41's fresh sample of realistic faults (docs/runner-power.md, "A fresh sample of realistic
 * faults"), each kept caught by the check named: the sample's misses, caught by the checks and
 * invariant widened for them, and the faults it was first to express. The sample's faults that an
 * older fault already expresses keep their older cases; the revocation whose hint comes before
 * its token is caught by the revocation table crossed with token kinds.
 */
export const FRESH_FAULT_CASES: readonly FaultCase[] = [
  // The misses, before the checks were widened.
  freshCase('expired-token-401', 'mcp', "answers an expired token's 401 without resource_metadata", 'expired-challenge-without-metadata', /a request \d+ s after the token was issued: WWW-Authenticate resource_metadata is missing/, { accessTokenTtlSeconds: 3 }),
  freshCase('client-metadata-document-flow', 'authorization', "refuses a metadata-document client's token tools/call for scope", 'cimd-token-without-tools-scope', /opened the MCP host but could not call get_me: it answered HTTP 403/),
  freshCase('registration-refuses-bad-redirect-uri', 'registration', 'registers plain http to a host that starts with "localhost"', 'localhost-prefix-loopback', /starts with "localhost" \(http:\/\/localhost\.conformance\.invalid\/callback\): HTTP 201/),
  freshCase('registration-refuses-bad-metadata', 'registration', 'registers a client asking client_secret_post, with a secret', 'client-secret-issued', /token_endpoint_auth_method "client_secret_post": HTTP 201/),
  freshCase('resource-relative-invalid-target', 'authorization', 'takes a resource with a fragment on the refresh grant', 'refresh-resource-fragment', /a refresh with resource=\S+#conformance: expected 400 invalid_target \(a resource has no fragment\), got HTTP 200/),
  freshCase('code-bound-to-client', 'authorization', "lets a metadata-document client redeem a registered client's code", 'cimd-redeems-any-code', /as the metadata-document client \S+: expected HTTP 400, got HTTP 200/),
  freshCase('authorize.response_type.other-value@cimd-public', 'authorization', 'answers response_type=token with an access token for a metadata-document client', 'implicit-for-cimd', /by the cimd-public client with response_type .*: the deployment issued an access token in the fragment of its redirect/),
  freshCase('unsupported-protocol-version-400', 'mcp', 'accepts a notification before checking its MCP-Protocol-Version', 'notification-before-version-check', /the notification notifications\/initialized with MCP-Protocol-Version 1999-01-01: expected HTTP 400, got HTTP 202/),
  freshCase('modern-tool-input-schemas', 'modern-mcp', 'publishes a 2026-07-28 tool schema with a draft-04 exclusiveMinimum: true', 'draft-04-exclusive-minimum', /tool list_surveys: inputSchema\.properties\.limit: "exclusiveMinimum" is true, not a number/),
  freshCase('id-jag-symmetric-refused', 'id-jag', "takes an HS256 ID-JAG keyed with the provider's public key", 'id-jag-public-key-as-mac', /keyed with the provider's public key \(PEM\): the deployment accepted it/),
  freshCase('unknown-client-error-page', 'authorization', 'writes an unknown client_id into its error page unescaped', 'error-page-reflects-client-id', /writes the client_id into its HTML unescaped/),
  // The faults caught before any widening, that no older fault expressed.
  freshCase('authorization-error-redirect', 'authorization', 'drops state from the error redirects of the authorization endpoint', 'state-dropped-on-authorize-errors', /no code_challenge: state missing, sent /),
  freshCase('initialize', 'mcp', 'declares tools only to a client that declares elicitation', 'tools-capability-needs-elicitation', /initialize: "capabilities" does not offer "tools"/),
  freshCase('pkce-unknown-method-refused', 'authorization', 'takes an unknown code_challenge_method as plain', 'unknown-challenge-method-as-plain', /code_challenge_method S512: the deployment issued a code/),
  freshCase('revoked-access-token-401', 'revocation', 'serves a token it once found valid after it is revoked (a cache of token checks)', 'token-validity-cached', /the next request after revoking the access token: expected HTTP 401, got HTTP 200/),
  freshCase('loopback-redirect-any-port', 'authorization', "compares a registered client's loopback redirect port exactly", 'dcr-loopback-port-exact', /the registered \S+ on port \d+ was refused/),
  freshCase('metadata-at-authorization-origin', 'discovery', "publishes a relative revocation_endpoint in the auth host's metadata", 'relative-revocation-endpoint', /is not the document at/),
  freshCase('metadata-at-authorization-origin', 'discovery', 'answers 404 at the auth host\'s /.well-known/oauth-authorization-server', 'auth-host-metadata-404', /\/\.well-known\/oauth-authorization-server answered HTTP 404/),
  freshCase('confirmation-asked-first', 'confirmations', 'answers a 2026-07-28 confirmation with resultType "incomplete"', 'result-type-incomplete', /"resultType" is "incomplete", not "input_required"/),
  freshCase('unregistered-redirect-uri-refused', 'authorization', "gives a signed-in person's already-approved client its code at any redirect_uri", 'approved-fast-path-unchecked', /redirected to the unregistered \S+: an open redirect/),
  freshCase('client-metadata-missing-document-refused', 'authorization', 'redirects invalid_client to the redirect_uri of a client_id URL whose document it cannot have', 'unfetchable-document-redirects', /which has no document: the deployment accepted it and redirected/),
  freshCase('missing-token-401', 'mcp', 'sits behind a gateway that replaces the 401 challenge with its own realm', 'gateway-replaces-challenge', /WWW-Authenticate resource_metadata is missing/),
  freshCase('modern-server-info', 'modern-mcp', 'answers a repeated server/discover from a cache that lost serverInfo', 'cached-discover-loses-server-info', /server\/discover: _meta\["io\.modelcontextprotocol\/serverInfo"\] is undefined/),
  freshCase('unregistered-redirect-uri-refused', 'authorization', 'answers its unregistered-redirect error page with HTTP 200', 'error-page-status-200', /expected an error page for the unregistered \S+, got HTTP 200/),
  freshCase('revocation.token.omitted@dcr-public+refresh', 'revocation', 'answers a refresh-token revocation with no token 200 (the hint read before the token)', 'revocation-hint-before-token', /a revocation of its refresh token by the dcr-public client with token left out: expected HTTP 400 with "invalid_request", got HTTP 200/),
  rateCase('sliding-window-edge', 'clears the whole log when a block lifts', 'log-cleared-when-block-lifts', /capacity came back before the oldest request aged out/),
  rateCase('mcp-rate-limit-enforced', 'counts a request and records it 50 ms later', 'rate-check-then-record', /requests in [\d.]+ s were all admitted/),
  rateCase('budget-shared-per-person', "keys the MCP budget per person and client", 'budget-per-client', /a second client's token of the same person got HTTP 200/),
  rateCase('repeated-429-shape', "answers a burst's 429s without Retry-After", 'burst-429-without-retry-after', /the 429 has no Retry-After header/),
];

/** The sample's faults an invariant catches over the exchanges of the checks named. */
export const FRESH_INVARIANT_FAULT_CASES: readonly InvariantFaultCase[] = [
  {
    invariant: 'token-lifetime-within-an-hour',
    deployment: "gives a private_key_jwt client's refreshed tokens a day",
    fake: { faults: { freshFault: 'jwt-client-refresh-lives-a-day' } },
    only: ['private-key-jwt-jti-replay-refused'],
    reason: /the token endpoint \(auth host\): a token response gives expires_in 86400, expected 1\.\.3600/,
  },
  {
    invariant: 'token-answers-no-store',
    deployment: "lets a cache store the ID-JAG grant's tokens",
    fake: { faults: { freshFault: 'id-jag-answer-cacheable' } },
    only: ['id-jag-grant-accepted'],
    reason: /the token endpoint \(auth host\): a token response carries Cache-Control \(none\), not no-store/,
  },
];
