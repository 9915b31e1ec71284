import type { Faults } from './fake/faults.js';
import type { FaultCase } from './fault-cases.js';
import type { InvariantFaultCase } from './invariant-fault-cases.js';

function freshSeedCase(check: string, group: FaultCase['group'], deployment: string, faults: Faults, reason: RegExp): FaultCase {
  return { check, group, deployment, fake: { faults }, reason };
}

/**
 * The wrong deployments of the checks written for the survivors of the fresh seed (issue 41:
 * /work/notes/judged-1.json's and judged-2.json's gaps): each breaks the branch its mutant broke in our server and is
 * caught by the check named.
 */
export const FRESH_SEED_FAULT_CASES: readonly FaultCase[] = [
  freshSeedCase('jwks-uri-key-set', 'discovery', 'serves {} at its jwks_uri instead of a JWK Set', { jwksWithoutKeys: true }, /GET http:\/\/127\.0\.0\.1:\d+\/\.well-known\/jwks\.json \(jwks_uri\): the key set has no "keys" array/),
  freshSeedCase('invalid-jsonrpc-message', 'mcp', 'fails with HTTP 500 on the JSON body null', { nullMessageServerError: 'body' }, /2025-11-25: the JSON body null: expected an HTTP 4xx refusing it, got HTTP 500/),
  freshSeedCase('invalid-jsonrpc-message', 'mcp', 'fails with HTTP 500 on a batch [null] sent without MCP-Protocol-Version', { nullMessageServerError: 'batch-item' }, /2025-11-25: a batch \[null\] without MCP-Protocol-Version: expected an HTTP 4xx refusing it, got HTTP 500/),
  freshSeedCase('invalid-jsonrpc-message', 'mcp', 'fails with HTTP 500 on a request whose params is null', { nullMessageServerError: 'params' }, /2025-11-25: a tools\/list whose params is null: expected an HTTP 4xx refusing it, got HTTP 500/),
  freshSeedCase('invalid-jsonrpc-message', 'mcp', 'fails with HTTP 500 on a 2026-07-28 request whose params is null', { inModernEra: { nullMessageServerError: 'params' } }, /2026-07-28: a tools\/list whose params is null: expected an HTTP 4xx refusing it, got HTTP 500/),
  freshSeedCase('oversized-request-refused', 'mcp', 'refuses a request over its shape limits with an empty error object', { oversizedRefusal: 'empty-error' }, /2025-11-25: a tools\/call with id "conformance-shape-1" and arguments nested 64 levels deep: the JSON-RPC error \{\} lacks an integer code or a string message/),
  freshSeedCase('oversized-request-refused', 'mcp', 'refuses a request over its shape limits under id null', { oversizedRefusal: 'id-null' }, /2025-11-25: a tools\/call with id "conformance-shape-1" and arguments nested 64 levels deep: HTTP 200 answers id null, not the request's "conformance-shape-1"/),
  freshSeedCase('oversized-request-refused', 'mcp', 'refuses a 2026-07-28 request over its shape limits with 400 under id null', { inModernEra: { oversizedRefusal: 'id-null' } }, /2026-07-28: a tools\/call with id "conformance-shape-1" and arguments nested 64 levels deep: HTTP 400 answers id null, not the request's "conformance-shape-1"/),
  freshSeedCase('batch-answers-jsonrpc', 'mcp', 'answers the calls of a batch past its bound as tool errors whose text is {}', { pastBatchBoundMessageLost: true }, /the answer to id "batch-3": its tool error .* carries no \{"error": "<message>"\} with a message/),
  freshSeedCase('private-key-jwt-jti-malformed-refused', 'authorization', 'takes a client assertion whose jti is null', { assertionJtiMalformedAccepted: true }, /an assertion whose jti is null: the deployment accepted it and issued tokens/),
  freshSeedCase('id-jag-scope-refused', 'id-jag', 'fails with HTTP 500 on an ID-JAG whose scope is not a string', { idJagScopeNonStringServerError: true }, /an ID-JAG whose scope is the array \["mcp_customer"\]: expected HTTP 400 with "error": "invalid_grant", got HTTP 500/),
  freshSeedCase('tool-error-validation', 'tool-errors', 'says "validation failed: " and no reason for an argument under its minimum', { validationReasonEmpty: true }, /2025-11-25: the message "validation failed: " has no reason after "validation failed: "/),
  // Seed 20261208's gaps.
  freshSeedCase('invalid-jsonrpc-message', 'mcp', 'answers an empty batch [] with HTTP 200 and an empty array', { emptyBatchAnswered: true }, /2025-11-25: an empty batch \[\] without MCP-Protocol-Version: expected an HTTP 4xx, or HTTP 200 with JSON-RPC errors only/),
  freshSeedCase('spent-refresh-token-refused', 'authorization', 'answers a spent refresh token as a retry past its grace until the lineage renews again', { graceUntilNextRenewal: true }, /presenting the spent refresh token again \d+ s after a retry was answered \(past --refresh-grace \d+\), with no renewal in between: expected HTTP 400/),
  freshSeedCase('modern-envelope-values-32602', 'modern-mcp', 'takes clientCapabilities whose experimental entries are not objects', { capabilityMapsUnchecked: true }, /clientCapabilities\.experimental\.conformance 1 \(not an object\): expected HTTP 400 with JSON-RPC error -32602, got HTTP 200/),
  freshSeedCase('modern-version-header-mismatch-32020', 'modern-mcp', "takes a 2026-07-28 request on its version header alone, whatever its _meta names", { envelopeVersionTrustedToHeader: true }, /tools\/list with MCP-Protocol-Version: 2026-07-28 and _meta naming 2025-11-25: expected HTTP 400 with JSON-RPC error -32020 or -32022, got HTTP 200/),
  freshSeedCase('client-metadata-special-use-refused', 'authorization', "connects to a client_id's IP-literal host, 0.0.0.0 included, before refusing it", { specialUseDocumentFetched: true }, /the client_id https:\/\/0\.0\.0\.0:\d+\/conformance-client\.json was refused only after the deployment connected to 0\.0\.0\.0 port \d+ to fetch it/),
  {
    check: 'in-flight-limit-429',
    group: 'rate-limits',
    deployment: 'answers the 429 of its in-flight bound with the body {}',
    fake: { faults: { inFlightRefusalBodyEmpty: true }, mcpRateLimit: { limit: 6, windowMs: 2000 } },
    reason: /^request 5 \(sent while 4 were held open\) was refused with 429, but the body is \{\}, not \{"error": "rate_limit_exceeded"\} \(section 8 rule 5\)$/,
    run: { mcpRateLimit: { limit: 6, windowSeconds: 2 } },
  },
  freshSeedCase('sign-in-fields-tampered', 'authorization', 'fails with HTTP 500 on a sign-in posted without its hidden redirect_uri', { signInWithoutRedirectUriServerError: true }, /the sign-in posted with [a-z_, ]*redirect_uri[a-z_, ]* left out: POST http:\/\/127\.0\.0\.1:\d+\/oauth\/sign-in answered HTTP 500/),
  freshSeedCase('sign-in-fields-tampered', 'authorization', 'redirects a sign-in to its hidden return_to unchecked', { signInReturnToUnchecked: true }, /set to https:\/\/conformance\.invalid\/: POST http:\/\/127\.0\.0\.1:\d+\/oauth\/sign-in answered HTTP 303 with Location https:\/\/conformance\.invalid\/: the sign-in sends the browser to another site/),
  freshSeedCase('confirmation-decline-changes-nothing', 'confirmations', "answers the confirmation page's \"Don't do it\" with a 400 error page", { confirmationPage: true, confirmPageDeclineRefused: true }, /confirmation token: refusing on the page http:\/\/127\.0\.0\.1:\d+\/confirm did not end on a page answered HTTP 200 \(HTTP 400/),
  freshSeedCase('confirmation-decline-changes-nothing', 'confirmations', "takes Confirm on the confirmation page after \"Don't do it\" spent its token", { confirmationPage: true, confirmPageDeclineRevivable: true }, /confirmation token: question "[^"]+" was deleted after pressing "Don't do it" on the confirmation page, the token refused as spent \("validation failed: confirmation_token was declined"\), then Confirm pressed on the same page/),
  // Seed 96695216's gaps.
  freshSeedCase('tools-call-with-meta', 'mcp', 'fails with HTTP 500 on a traceparent that is no W3C trace context', { malformedTraceServerError: true }, /tools\/call get_me with _meta\.traceparent and the traceparent header "00-not-a-trace": expected HTTP 200 with a result, got HTTP 500/),
  freshSeedCase('modern-envelope-values-32602', 'modern-mcp', 'takes clientCapabilities.sampling whose context is not an object', { samplingCapabilityUnchecked: true }, /clientCapabilities\.sampling\.context 5 \(not an object\): expected HTTP 400 with JSON-RPC error -32602, got HTTP 200/),
  freshSeedCase('modern-envelope-values-32602', 'modern-mcp', 'fails with HTTP 500 on a clientInfo of null', { clientInfoNullServerError: true }, /clientInfo null: expected HTTP 400 with JSON-RPC error -32602, got HTTP 500/),
  freshSeedCase('registration-refuses-bad-metadata', 'registration', 'refuses a body that is not JSON with an empty error_description', { registrationNotJsonUndescribed: true }, /a body that is not JSON \(\{"client_name": \): HTTP 422 \{"error":"invalid_client_metadata","error_description":""\}/),
  freshSeedCase('write-tool-round-trip', 'mcp', 'refuses every share_survey call, its arguments schema taking none', { shareSurveyArgumentsRefused: true }, /tools\/call share_survey: tool error "validation failed: unknown arguments 'survey_id', 'user_email', 'role'"/),
  freshSeedCase('write-tool-round-trip', 'mcp', "advertises share_survey's outputSchema as a strict empty object", { shareSurveyOutputSchemaEmpty: true }, /share_survey's structuredContent has "survey_id", which its schema does not declare \(additionalProperties: false\)/),
  freshSeedCase('id-jag-unknown-person-refused', 'id-jag', 'fails with HTTP 500 on an ID-JAG for a person it has no account for', { idJagUnknownPersonServerError: true }, /an ID-JAG for runner-[0-9a-f-]+@conformance\.invalid \(sub runner-[0-9a-f-]+\), a person the deployment has no account for: expected HTTP 400 with "error": "invalid_grant", got HTTP 500/),
  freshSeedCase('id-jag-claims-malformed-refused', 'id-jag', 'fails with HTTP 500 on an ID-JAG whose jti or sub is null', { idJagNullIdentifierServerError: true }, /an ID-JAG whose jti is null: expected HTTP 400 with "error": "invalid_grant", got HTTP 500/),
  freshSeedCase('private-key-jwt-public-client-assertion-refused', 'authorization', 'serves a public client whose client_assertion comes without client_assertion_type', { untypedAssertionIgnored: true }, /a new code with such an assertion and no client_assertion_type: the deployment ignored the assertion and issued tokens/),
  freshSeedCase('private-key-jwt-accepted', 'authorization', "refuses a private_key_jwt client's refresh without client_id, though its assertion's sub names it", { assertionClientIdRequired: true }, /the refresh_token grant with a valid assertion \(aud: the issuer [^)]+\) and no client_id, which the assertion's sub names: expected tokens, got HTTP 400/),
];

/** The invariant written for the fresh seed, over the exchanges of the check that meets its fault. */
export const FRESH_SEED_INVARIANT_FAULT_CASES: readonly InvariantFaultCase[] = [
  {
    invariant: 'error-carries-request-id',
    deployment: 'answers a request over its shape limits with an error under id null',
    fake: { faults: { oversizedRefusal: 'id-null' } },
    only: ['oversized-request-refused'],
    reason: /the mcp endpoint \(mcp host, 2025-11-25\): HTTP 200: an error answers id null, not the request's "conformance-shape-1"/,
  },
  // Seed 20261208's gaps: every 429 of the MCP endpoint, whichever check met it.
  {
    invariant: 'mcp-429-shape',
    deployment: 'answers the 429 of its in-flight bound with the body {}',
    fake: { faults: { inFlightRefusalBodyEmpty: true }, mcpRateLimit: { limit: 6, windowMs: 2000 } },
    only: ['in-flight-limit-429'],
    reason: /^the mcp endpoint \(mcp host, 2025-11-25\): a 429: the body is \{\}, not \{"error": "rate_limit_exceeded"\} \(1 exchange, first in a request of in-flight-limit-429\)/,
    run: { mcpRateLimit: { limit: 6, windowSeconds: 2 } },
  },
  {
    invariant: 'mcp-429-shape',
    deployment: 'asks to retry after 61 s, past the 60 s window, where mcp-rate-limit-enforced looks only at when it refuses',
    fake: { faults: { retryAfterSeconds: 61 }, mcpRateLimit: { limit: 5, windowMs: 2000 } },
    only: ['mcp-rate-limit-enforced'],
    reason: /^the mcp endpoint \(mcp host, 2025-11-25\): a 429: its Retry-After is 61, outside 1\.\.60/,
    run: { mcpRateLimit: { limit: 5, windowSeconds: 2 } },
  },
];
