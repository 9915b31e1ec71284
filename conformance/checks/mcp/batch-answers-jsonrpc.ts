import { fail, skip, type Check } from '../../check.js';
import { LEGACY_REVISION } from '../../eras.js';
import { describeResponse } from '../../expect.js';
import { batchAnswersOf, isJsonRpcError, isObject, toolErrorMessage, type ToolResult } from '../../mcp.js';
import { callToolOk } from '../shared/tool-call.js';
import { fullestSurveys } from '../shared/read-tools.js';
import { rawPost } from './raw-post.js';
import { waitWithProgress } from '../../progress.js';

/**
 * The characters of answers the batch asks for: more than a server may build for one POST
 * (survey-mcp stops running a batch's calls past about 2 MB), so calls it leaves unrun are
 * answered too. At most `MAX_CALLS` calls, whatever the page's size, and no more than the MCP rate
 * limit admits in one go.
 */
const TARGET_CHARS = 4 * 1024 * 1024;
const MAX_CALLS = 40;

/** Why one answer of the batch is no JSON-RPC 2.0 response to the call of `id`, or undefined. */
function answerProblem(answer: unknown): string | undefined {
  if (!isObject(answer)) return `${JSON.stringify(answer)?.slice(0, 80)} is no JSON-RPC response object`;
  if (answer['jsonrpc'] !== '2.0') return `"jsonrpc" is ${JSON.stringify(answer['jsonrpc'])}, not "2.0"`;
  if (('result' in answer) === ('error' in answer)) return 'it holds neither or both of "result" and "error"';
  if ('error' in answer && !isJsonRpcError(answer['error'])) {
    return `its error ${JSON.stringify(answer['error'])?.slice(0, 80)} has no integer code and string message`;
  }
  if ('result' in answer && isObject(answer['result']) && answer['result']['isError'] === true) {
    // Contract 7.2: a tool error's text is {"error": "<message>"}, the message saying why (a call past the batch's bound, too).
    const message = toolErrorMessage(answer['result'] as ToolResult);
    if (!message) return `its tool error ${JSON.stringify(answer['result'])?.slice(0, 120)} carries no {"error": "<message>"} with a message`;
  }
  return undefined;
}

/**
 * A client that sends no MCP-Protocol-Version is taken for 2025-03-26 (2025-11-25 transports,
 * "Protocol Version Header"), whose POST may carry a batch: a server that takes it answers each
 * call, as one JSON array or as an event stream (the transport lets the server pick either); one
 * that does not refuses it with a 4xx.
 */
export const batchAnswersJsonrpc: Check = {
  id: 'batch-answers-jsonrpc',
  group: 'mcp',
  title: 'A batch of full pages of list_responses larger than one answer: every call answered under its own id by a JSON-RPC 2.0 response (a tool error with its message), or the batch refused with a 4xx',
  spec: 'MCP 2025-11-25 basic/transports "Protocol Version Header" (no header: SHOULD assume 2025-03-26, whose POST may be a JSON-RPC batch); JSON-RPC 2.0 sections 5 (jsonrpc exactly "2.0", the request\'s id, result or error) and 6 (Batch); contract 7.2 (a tool error is {"error": "<message>"})',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const [fullest] = await fullestSurveys(ctx);
    if (!fullest) skip('list_surveys shows no survey with responses the person may list (analyst or above)');
    const args = { survey_id: fullest.id, limit: 100 };
    const pageChars = JSON.stringify((await callToolOk(ctx, 'list_responses', args)).result).length;
    // Each call of a batch is charged to the MCP rate limit: a batch past the budget is refused whole, its bound never reached.
    const count = Math.min(MAX_CALLS, ctx.settings.mcpRateLimit.limit, Math.ceil(TARGET_CHARS / pageChars));
    const ids = Array.from({ length: count }, (_, index) => `batch-${index + 1}`);
    const batch = ids.map((id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_responses', arguments: args } }));
    const what = `a batch of ${count} list_responses of ${fullest.id} (limit 100, ${pageChars} characters a page), without MCP-Protocol-Version`;
    // A batch of the whole budget fits only a window without other requests: Retry-After tells when one more fits, not the whole batch.
    const { limit, windowSeconds } = ctx.settings.mcpRateLimit;
    if (count >= limit) await waitWithProgress(ctx.progress, 'a batch of the whole MCP budget: waiting for a window without requests', windowSeconds * 1000 + 250);
    const exchange = await rawPost(ctx, LEGACY_REVISION, JSON.stringify(batch), { unversioned: true });
    const { status } = exchange.response;
    if (status >= 400 && status < 500 && status !== 429) return `${what}: refused with HTTP ${status}`;
    const answers = status === 200 ? batchAnswersOf(exchange) : undefined;
    if (!Array.isArray(answers)) fail(`${what}: expected HTTP 200 with the answers, as a JSON array or an event stream (or a 4xx refusing the batch), got ${describeResponse(exchange)}`);
    const unanswered = new Set(ids);
    let errors = 0;
    let toolErrors = 0;
    for (const answer of answers) {
      const problem = answerProblem(answer);
      const id = isObject(answer) ? answer['id'] : undefined;
      if (problem) fail(`${what}: the answer to id ${JSON.stringify(id)}: ${problem}`);
      if (typeof id !== 'string' || !unanswered.delete(id)) fail(`${what}: an answer has id ${JSON.stringify(id)}, no call of the batch left unanswered`);
      if (isObject(answer) && 'error' in answer) errors += 1;
      if (isObject(answer) && isObject(answer['result']) && answer['result']['isError'] === true) toolErrors += 1;
    }
    if (unanswered.size > 0) fail(`${what}: no answer for ${unanswered.size} calls (${[...unanswered].slice(0, 3).join(', ')}…)`);
    return `${what}: ${count} JSON-RPC 2.0 answers under their ids, ${count - errors} results (${toolErrors} of them tool errors, each with its message) and ${errors} errors`;
  },
};
