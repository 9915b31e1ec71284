import type { Faults } from './fake/faults.js';
import type { FaultCase } from './fault-cases.js';
import { VIEWER_SURVEY } from './fake/survivors.js';

function survivorCase(check: string, group: FaultCase['group'], deployment: string, faults: Faults, reason: RegExp): FaultCase {
  return { check, group, deployment, fake: { faults }, reason };
}

/**
 * The wrong deployments of the checks written for the survivors of the runner-power sample
 * (docs/runner-power.md, "The last sample"): each breaks the branch its survivor broke in our
 * server, is caught by the check named (catalog test) and by no other check of its group.
 */
export const SURVIVOR_FAULT_CASES: readonly FaultCase[] = [
  survivorCase('modern-discover', 'modern-mcp', 'refuses every 2026-07-28 request, server/discover included, with its own -32020', { modernFault: 'refuses-every-request' }, /discovery is wrong.*server\/discover, sent as 2026-07-28, was refused with JSON-RPC error -32020/),
  survivorCase('initialize', 'mcp', 'answers every 2025-11-25 request with HTTP 500 while it serves 2026-07-28', { legacyServerError: true }, /initialize: expected HTTP 200, got HTTP 500/),
  survivorCase('invalid-jsonrpc-message', 'mcp', 'fails with HTTP 500 on a JSON body that is not a JSON-RPC message', { invalidMessageServerError: true }, /a JSON body that is not a JSON-RPC message \(no method\): expected an HTTP 4xx refusing it, got HTTP 500/),
  survivorCase('invalid-jsonrpc-message', 'mcp', 'fails with HTTP 500 on a 2026-07-28 JSON body that is not a JSON-RPC message', { inModernEra: { invalidMessageServerError: true } }, /2026-07-28: a JSON body that is not a JSON-RPC message \(no method\): expected an HTTP 4xx refusing it, got HTTP 500/),
  survivorCase('invalid-jsonrpc-message', 'mcp', 'refuses a JSON body that is not a JSON-RPC message with 400 and a JSON-RPC result', { invalidMessageResult: true }, /a JSON body that is not a JSON-RPC message \(no method\): the 400 carries a JSON-RPC result, not an error/),
  survivorCase('batch-answers-jsonrpc', 'mcp', 'answers the calls of a batch it did not run with "jsonrpc": ""', { unrunBatchCallsMalformed: true }, /the answer to id "batch-3": "jsonrpc" is "", not "2\.0"/),
  survivorCase('modern-envelope-values-32602', 'modern-mcp', 'checks that the envelope is there, not the types of its values', { envelopeValuesUnchecked: true }, /clientCapabilities\.roots\.listChanged "yes": expected HTTP 400 with JSON-RPC error -32602, got HTTP 200/),
  survivorCase('modern-envelope-values-32602', 'modern-mcp', 'answers a request whose id is 1.5', { fractionalIdAnswered: true }, /a tools\/list whose id is 1\.5: expected an HTTP 4xx with JSON-RPC error -32600 or -32602 .*got HTTP 200/),
  survivorCase('modern-tools-list-cache-hints', 'modern-mcp', 'sends cache hints with the tool list of MCP Apps hosts only', { plainToolListUncached: true }, /tools\/list from a client that offers no capability: "ttlMs" is undefined/),
  survivorCase('modern-cacheable-results-hints', 'modern-mcp', 'sends skills/list and skills/get without cache hints', { skillsUncached: true }, /skills\/list: "ttlMs" is undefined/),
  survivorCase('modern-tools-list-request-extras', 'modern-mcp', 'has no answer for a tools/list with a progressToken', { toolsListExtrasUnanswered: true }, /tools\/list with _meta\.progressToken: expected HTTP 200 with a result, got HTTP 404/),
  survivorCase('modern-tools-list-request-extras', 'modern-mcp', 'has no answer for a tools/list with a cursor', { toolsListCursorUnanswered: true }, /tools\/list with a cursor no page gave: expected the same tools, an empty page or JSON-RPC error -32602, got HTTP 404/),
  survivorCase('tools-call-envelope-32602', 'mcp', 'passes a tools/call without a tool name on to fail inside', { legacyToolCallEnvelopeUnchecked: true }, /tools\/call without "name": expected JSON-RPC error -32602 \(Invalid params\), got HTTP 200 .*-32603/),
  survivorCase('tools-call-with-meta', 'mcp', 'cannot answer a tools/call that carries params._meta', { legacyMetaCallsUnanswered: true }, /tools\/call get_me with _meta\.progressToken: expected HTTP 200 with a result, got HTTP 200 .*-32602/),
  survivorCase('write-tool-round-trip', 'mcp', 'answers update_question without keeping the edit', { questionEditsDropped: true }, /update_question: the question's text is "Written by survey-mcp conformance", not the one asked for/),
  survivorCase('tools-call', 'mcp', 'answers get_response with an empty object', { responseReadsEmpty: true }, /tools\/call get_response \{"response_id":"rsp_0"\}: get_response's structuredContent lacks the required "response"/),
  survivorCase('structured-content-schema', 'mcp', "gives get_survey's questions a field its outputSchema does not declare", { questionRecordsOffSchema: true }, /get_survey's structuredContent\.questions\[0\] has "hint", which its schema does not declare \(additionalProperties: false\)/),
  survivorCase('write-tool-round-trip', 'mcp', 'refuses an update_question that sends choices', { choiceEditsRefused: true }, /update_question: tool error "validation failed: unknown arguments 'choices\.0\.id', 'choices\.0\.label'"/),
  survivorCase('unknown-client-json', 'authorization', 'tells a known client whose request has no redirect_uri, asked as JSON, that it is unknown', { missingRedirectUriAsUnknownClient: true }, /without redirect_uri from client_id "[^"]+" \(two registered\), with Accept: application\/json: expected "error": "invalid_request", got \{"error":"invalid_client"\}/),
  survivorCase('unregistered-redirect-uri-refused', 'authorization', 'fails with HTTP 500 on an authorization request without redirect_uri', { missingRedirectUriServerError: true }, /expected an error page \(4xx\) for an authorization request without redirect_uri .*got HTTP 500/),
  {
    // The sign-in form's client_id left out or repeated is an unknown client too.
    ...survivorCase('unknown-client-error-page', 'authorization', "fails with HTTP 500 instead of an unknown client's error page", { unknownClientPageServerError: true }, /expected an error page \(4xx\) for client_id "conformance-unknown-client", got HTTP 500/),
    mayAlsoFail: ['sign-in-fields-tampered'],
  },
  {
    ...survivorCase('tool-error-not-authorized', 'tool-errors', 'lets a viewer list the responses of a survey shared with them', { viewerReadsResponses: true }, /2025-11-25: list_responses of "srv_shared_view", which the person may open only as viewer: the result is not marked isError: true/),
    run: { viewerSurveyId: VIEWER_SURVEY.id },
  },
  survivorCase('structured-content-large-answer', 'mcp', 'breaks the text mirror of an answer composed in slices', { slicedTextMirrorBroken: true }, /list_responses of srv_alpha \(limit 100\): no text block holds the structuredContent as JSON/),
  {
    // A client_id with a fragment is a refused document too, answered the same way.
    ...survivorCase('client-metadata-refused-at-token-endpoint', 'authorization', 'refuses a client whose document it refused with an error without a code at the token endpoint', { refusedDocumentUncoded: true }, /a code grant from client_id https:\/\/client\.example\/oauth\/mismatched\.json: expected HTTP 400 or 401 with "error": "invalid_client", got HTTP 400 \{"error":""\}/),
    mayAlsoFail: ['code-bound-to-client'],
  },
  survivorCase('revoke-malformed-client-id-document', 'revocation', 'takes a client_id of document form with a fragment at the revocation endpoint', { revocationTakesAnyDocumentClientId: true }, /a revocation request from client_id https:\/\/client\.example\/oauth\/conformance\.json#fragment: expected HTTP 400 or 401 with "error": "invalid_client", got HTTP 200/),
];
