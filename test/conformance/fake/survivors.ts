/**
 * The fake's side of the checks written for the survivors of the runner-power sample
 * (conformance/catalog/survivors.ts): the requests they send, answered right, and one fault each.
 */
import type { FakeSurveys } from './confirmations.js';
import type { ToolOutcome } from './tools.js';
import type { FreshSeedFaults } from './fresh-seed.js';

export interface SurvivorFaults {
  /** Passes a 2025-11-25 tools/call without a tool name on, answered -32603 instead of -32602. */
  readonly legacyToolCallEnvelopeUnchecked?: boolean;
  /** Answers a 2025-11-25 tools/call that carries params._meta with an error (the SDK path's handler missing). */
  readonly legacyMetaCallsUnanswered?: boolean;
  /** update_question answers the question unchanged: the edit is dropped. */
  readonly questionEditsDropped?: boolean;
  /** A text mirror longer than one slice loses the brackets of its arrays. */
  readonly slicedTextMirrorBroken?: boolean;
  /** Refuses a client whose metadata document is refused at the token endpoint with an error without a code. */
  readonly refusedDocumentUncoded?: boolean;
  /** Takes any https client_id at the revocation endpoint, a fragment included. */
  readonly revocationTakesAnyDocumentClientId?: boolean;
  /** Answers every 2025-11-25 request with HTTP 500 (its era check throws) while 2026-07-28 works. */
  readonly legacyServerError?: boolean;
  /** Admits without counting (in `inModernEra`: a 2026-07-28 path mounted before the limiter). */
  readonly mcpLimitSkipped?: boolean;
  /** Sends Retry-After as an HTTP date instead of whole seconds. */
  readonly retryAfterHttpDate?: boolean;
  /** Fails with HTTP 500 on a JSON body that is not a JSON-RPC message, instead of 400 -32600. */
  readonly invalidMessageServerError?: boolean;
  /** Checks that a 2026-07-28 request has its envelope, not the types of the values in it. */
  readonly envelopeValuesUnchecked?: boolean;
  /** Answers a 2026-07-28 request whose id is a number but no integer (1.5) instead of refusing it -32600. */
  readonly fractionalIdAnswered?: boolean;
  /** Answers the calls of a batch it did not run with "jsonrpc": "" instead of "2.0". */
  readonly unrunBatchCallsMalformed?: boolean;
  /** Leaves ttlMs and cacheScope off the 2026-07-28 tool list of a client that offers no MCP Apps. */
  readonly plainToolListUncached?: boolean;
  /** Leaves ttlMs and cacheScope off 2026-07-28 skills/list and skills/get. */
  readonly skillsUncached?: boolean;
  /** Has no answer for a 2026-07-28 tools/list with a cursor or _meta beyond the envelope: -32601 at 404. */
  readonly toolsListExtrasUnanswered?: boolean;
  /** get_response answers an empty object, whatever it is asked. */
  readonly responseReadsEmpty?: boolean;
  /** get_survey's questions carry a field its outputSchema does not declare (additionalProperties: false). */
  readonly questionRecordsOffSchema?: boolean;
  /** update_question refuses every call that sends choices, as invalid arguments. */
  readonly choiceEditsRefused?: boolean;
  /** Answers a known client's authorization request without redirect_uri, asked as JSON, with invalid_client. */
  readonly missingRedirectUriAsUnknownClient?: boolean;
  /** Conformant: the error page for a request without redirect_uri whatever the Accept (JSON is a SHOULD). */
  readonly missingRedirectUriPageOnly?: boolean;
  /** Conformant: asks for a sign-in before judging a request without redirect_uri. */
  readonly missingRedirectUriSignInFirst?: boolean;
  /** Fails with HTTP 500 on a known client's authorization request without redirect_uri. */
  readonly missingRedirectUriServerError?: boolean;
  /** Fails with HTTP 500 instead of the error page on an unknown client's authorization request (JSON still answered). */
  readonly unknownClientPageServerError?: boolean;
  /** Lets a viewer list the responses of the survey shared with them (every role has every capability). */
  readonly viewerReadsResponses?: boolean;
  /** Has no answer for a 2026-07-28 tools/list with a cursor alone: -32601 at 404 (its progressToken answered). */
  readonly toolsListCursorUnanswered?: boolean;
  /** Refuses a JSON body that is no JSON-RPC message with 400 and a JSON-RPC result instead of an error. */
  readonly invalidMessageResult?: boolean;
  // Harmless variations, each conformant: the checks must pass them.
  /** Answers a batch as an event stream: the first answer alone on a data line, the rest as one array, a notification between. */
  readonly batchAnsweredAsEventStream?: boolean;
  /** Refuses a JSON body that is no JSON-RPC message as the Python SDK: 400, -32602 under id "server-error". */
  readonly invalidMessageAsPythonSdk?: boolean;
  /** Refuses a 2026-07-28 request whose id is 1.5 with 422 and -32602 (its schema refuses the id). */
  readonly fractionalIdRefused32602?: boolean;
  /** Answers a 2026-07-28 tools/list with a cursor no page gave with an empty page. */
  readonly unknownCursorEmptyPage?: boolean;
}

const isObjectValue = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON-RPC error of a 2025-11-25 tools/call the fake refuses before running a tool, or undefined. */
export function legacyToolCallRefusal(params: Record<string, unknown> | undefined, faults: SurvivorFaults): Record<string, unknown> | undefined {
  if (params?.['_meta'] !== undefined && faults.legacyMetaCallsUnanswered) return { error: { code: -32602, message: 'Invalid tools/call result' } };
  if (typeof params?.['name'] === 'string') return undefined;
  return faults.legacyToolCallEnvelopeUnchecked
    ? { error: { code: -32603, message: 'Internal error: params.name expected string, received undefined' } }
    : { error: { code: -32602, message: 'Invalid params: params.name must be a string' } };
}

/** An object without method that is no response is no JSON-RPC message: 400 -32600 (JSON-RPC 2.0 section 5.1), or the fault's 500. */
export function invalidMessageRefusal(message: unknown, faults: SurvivorFaults): { status: number; body: Record<string, unknown> } | undefined {
  if (!isObjectValue(message) || 'result' in message || 'error' in message || typeof message['method'] === 'string') return undefined;
  if (faults.invalidMessageServerError) return { status: 500, body: { error: 'server_error' } };
  if (faults.invalidMessageResult) return { status: 400, body: { jsonrpc: '2.0', id: null, result: {} } };
  if (faults.invalidMessageAsPythonSdk) return { status: 400, body: { jsonrpc: '2.0', id: 'server-error', error: { code: -32602, message: 'Validation error' } } };
  return { status: 400, body: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } } };
}

const notBoolean = (value: unknown): boolean => value !== undefined && typeof value !== 'boolean';

/** A 2026-07-28 request whose envelope or params hold a value of the wrong type (the SDK's schema refuses it with -32602). */
export function modernValuesMalformed(method: string | undefined, params: Record<string, unknown> | undefined, meta: Record<string, unknown>, faults: SurvivorFaults & FreshSeedFaults): boolean {
  if (faults.envelopeValuesUnchecked) return false;
  const capabilities = meta['io.modelcontextprotocol/clientCapabilities'];
  // clientInfo is an Implementation when there: a name and a version.
  const info = meta['io.modelcontextprotocol/clientInfo'];
  if (info !== undefined && (!isObjectValue(info) || typeof info['name'] !== 'string' || typeof info['version'] !== 'string')) return true;
  const sampling = isObjectValue(capabilities) ? capabilities['sampling'] : undefined;
  if (!faults.samplingCapabilityUnchecked && isObjectValue(sampling) && ['context', 'tools'].some((key) => sampling[key] !== undefined && !isObjectValue(sampling[key]))) return true;
  const roots = isObjectValue(capabilities) ? capabilities['roots'] : undefined;
  const elicitation = isObjectValue(capabilities) ? capabilities['elicitation'] : undefined;
  const form = isObjectValue(elicitation) ? elicitation['form'] : undefined;
  if (isObjectValue(roots) && notBoolean(roots['listChanged'])) return true;
  if (isObjectValue(form) && notBoolean(form['applyDefaults'])) return true;
  // experimental and extensions map names to objects (ClientCapabilities in the schema).
  for (const key of faults.capabilityMapsUnchecked ? [] : ['experimental', 'extensions']) {
    const entries = isObjectValue(capabilities) ? capabilities[key] : undefined;
    if (isObjectValue(entries) && !Object.values(entries).every(isObjectValue)) return true;
  }
  const args = params?.['arguments'];
  return method === 'tools/call' && (typeof params?.['name'] !== 'string' || (args !== undefined && !isObjectValue(args)));
}

/** A 2026-07-28 tools/list beyond the plain one: a cursor, or _meta keys besides the envelope's. */
export function toolsListExtras(params: Record<string, unknown> | undefined): boolean {
  const meta = isObjectValue(params?.['_meta']) ? params['_meta'] : {};
  return params?.['cursor'] !== undefined || Object.keys(meta).some((key) => !key.startsWith('io.modelcontextprotocol/'));
}

/** One slice of the real server's JSON composition (src/mcp/answer-json.ts). */
const SLICE_CHARS = 64 * 1024;

/** The text mirror of a tool answer; the fault drops the brackets of the outermost array of a long one. */
export function mirrorText(structured: Record<string, unknown>, faults: SurvivorFaults): string {
  const text = JSON.stringify(structured);
  if (!faults.slicedTextMirrorBroken || text.length <= SLICE_CHARS) return text;
  return text.replace('[', '').replace(/\](?=[^\]]*$)/, '');
}

/** A survey shared with the person as viewer: they may open it, not read its responses. */
export const VIEWER_SURVEY = { id: 'srv_shared_view', title: "Carol's survey, shared to view", status: 'open', my_role: 'viewer' };

/** The write tool the runner's round trip uses on its scratch survey, list_responses and get_response; undefined for other tools. */
export function survivorTool(name: string, args: Record<string, unknown>, faults: SurvivorFaults, visibleSurveyId: string, surveys: FakeSurveys): ToolOutcome | undefined {
  if (args['survey_id'] === VIEWER_SURVEY.id) return viewerTool(name, faults);
  switch (name) {
    case 'update_question':
      return surveys.updateQuestion(args, faults.questionEditsDropped === true, faults.choiceEditsRefused === true);
    case 'list_responses':
      if (args['survey_id'] !== visibleSurveyId) return { error: `survey '${String(args['survey_id'])}' not found` };
      return { ok: { survey_id: visibleSurveyId, responses: RESPONSES, next_cursor: 'page-2', total: 150 } };
    case 'get_response': {
      const response = RESPONSES.find((candidate) => candidate.id === args['response_id']);
      if (!response) return { error: `response '${String(args['response_id'])}' not found` };
      return { ok: faults.responseReadsEmpty ? {} : { response: { ...response, survey_id: visibleSurveyId } } };
    }
    default:
      return undefined;
  }
}

function viewerTool(name: string, faults: SurvivorFaults): ToolOutcome | undefined {
  if (name === 'get_survey') return { ok: { survey: VIEWER_SURVEY, questions: [] } };
  if (name !== 'list_responses') return undefined;
  if (faults.viewerReadsResponses) return { ok: { survey_id: VIEWER_SURVEY.id, responses: [], next_cursor: null, total: 0 } };
  return { error: `not authorized to read the responses of survey '${VIEWER_SURVEY.id}' (viewer)` };
}

/** What get_response answers: one response of the fake's survey, nothing else. */
export const GET_RESPONSE_OUTPUT = {
  type: 'object',
  properties: {
    response: {
      type: 'object',
      properties: { id: { type: 'string' }, survey_id: { type: 'string' }, status: { type: 'string' }, answers: { type: 'array', items: { type: 'object' } } },
      required: ['id', 'survey_id', 'answers'],
      additionalProperties: false,
    },
  },
  required: ['response'],
  additionalProperties: false,
};

/** A first page of 100 responses, each with a long text answer: together larger than one slice. */
const RESPONSES = Array.from({ length: 100 }, (_, index) => ({
  id: `rsp_${index}`,
  status: 'completed',
  answers: [{ question_id: 'qst_feedback', text: `Answer ${index}: ${'the survey was long but fair. '.repeat(25)}`, truncated: false }],
}));

/** Draft section 3: a client_id of document form with a fragment, dot segments or a user is no client. */
export function brokenDocumentClientId(clientId: string): boolean {
  if (!clientId.startsWith('https://')) return false;
  return !URL.canParse(clientId) || clientId.includes('#') || /\/\.\.?(\/|$)/.test(clientId) || new URL(clientId).username !== '';
}
