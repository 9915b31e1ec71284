import { fail, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { erasToTry, type SpokenEra } from '../../each-era.js';
import { LEGACY_REVISION } from '../../eras.js';
import { describeResponse } from '../../expect.js';
import { cite, type Exchange } from '../../http.js';
import { answersOf, isJsonRpcError } from '../../mcp.js';
import { MODERN_ENVELOPE } from '../../modern.js';
import { rawPost } from './raw-post.js';

/**
 * Arguments past the limits deployments commonly put on a request's shape (survey-mcp: 32 levels,
 * 1,000 items an array, 20,000 values a body; parsers guard their stacks at 64 to 512 levels):
 * a deployment without such limits answers them as any call; one with them refuses.
 */
const SHAPES = [
  { what: 'arguments nested 64 levels deep', argument: '['.repeat(64) + '0' + ']'.repeat(64) },
  { what: 'arguments holding 20,001 values', argument: `[${Array.from({ length: 20_001 }, () => '0').join(',')}]` },
] as const;

/** A tools/call of list_surveys with `argument` as an extra argument; the id a string placed after `jsonrpc`, as clients write it. */
function call(id: string, argument: string, meta = ''): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":{"name":"list_surveys","arguments":{"limit":1,"conformance_shape":${argument}}${meta}}}`;
}

/** 2026-07-28's envelope, as every request of that era carries it. */
const MODERN_META = `,"_meta":${JSON.stringify(MODERN_ENVELOPE)}`;

function send(ctx: CheckContext, era: SpokenEra, body: string, unversioned = false): Promise<Exchange> {
  if (era === LEGACY_REVISION) return rawPost(ctx, era, body, { unversioned });
  return rawPost(ctx, era, body, { headers: { 'mcp-method': 'tools/call', 'mcp-name': 'list_surveys' } });
}

/**
 * One answer to the requests `ids`: an HTTP 4xx refusal (413 from a body limit included), or
 * JSON-RPC answers under the ids sent, each error with an integer code and a string message.
 * A refusal's JSON-RPC error may go without an id only where the transport lets it: at a 4xx in
 * 2025-11-25, or at a 413 (the body was not read); else it answers the request under its id.
 */
function judge(era: SpokenEra, what: string, ids: readonly string[], exchange: Exchange): string {
  const { status } = exchange.response;
  if (status >= 500 || status === 429 || (status >= 300 && status < 400)) fail(`${era}: ${what}: expected JSON-RPC answers or an HTTP 4xx refusal, got ${describeResponse(exchange)}`);
  const answers = answersOf(exchange);
  if (status < 300 && answers.length === 0) fail(`${era}: ${what}: HTTP ${status} without a JSON-RPC answer: ${describeResponse(exchange)}`);
  const idless = status === 413 || (status >= 400 && era === LEGACY_REVISION);
  for (const answer of answers) {
    const id = answer['id'];
    if ('error' in answer && !isJsonRpcError(answer['error'])) fail(`${era}: ${what}: the JSON-RPC error ${JSON.stringify(answer['error']).slice(0, 120)} lacks an integer code or a string message`);
    if (id === null && idless) continue;
    if (typeof id !== 'string' || !ids.includes(id)) fail(`${era}: ${what}: HTTP ${status} answers id ${JSON.stringify(id)}, not the request's ${ids.map((each) => JSON.stringify(each)).join(' or ')}`);
  }
  const error = answers.find((answer) => 'error' in answer)?.['error'] as { code?: number } | undefined;
  return `${era}: ${what}: HTTP ${status}${error ? ` JSON-RPC error ${error.code}` : answers.length > 0 ? ' a result' : ''}`;
}

export const oversizedRequestRefused: Check = {
  id: 'oversized-request-refused',
  group: 'mcp',
  era: 'any',
  title: 'A tools/call whose arguments cross common request-shape limits is answered under its id, or refused with an HTTP 4xx, never a 5xx or an error without code and message, in each era',
  spec: 'MCP 2025-11-25 and 2026-07-28 basic/index "Error Responses" (an error carries the request id, an integer code and a message); basic/transports "Sending Messages to the Server"; JSON-RPC 2.0 sections 5, 5.1 and 6',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const accounts: string[] = [];
    for (const era of await erasToTry(ctx)) {
      const meta = era === LEGACY_REVISION ? '' : MODERN_META;
      for (const [index, { what, argument }] of SHAPES.entries()) {
        const id = `conformance-shape-${index + 1}`;
        const exchange = await send(ctx, era, call(id, argument, meta));
        cite(exchange);
        accounts.push(judge(era, `a tools/call with id "${id}" and ${what}`, [id], exchange));
      }
      if (era !== LEGACY_REVISION) continue;
      // A batch (no MCP-Protocol-Version: 2025-03-26 may batch): each of its requests answered under its own id.
      const ids = ['conformance-batch-deep', 'conformance-batch-plain'];
      const batch = `[${call(ids[0]!, SHAPES[0].argument)},{"jsonrpc":"2.0","id":${JSON.stringify(ids[1])},"method":"tools/list"}]`;
      const exchange = await send(ctx, era, batch, true);
      cite(exchange);
      accounts.push(judge(era, `a batch of a tools/call with ${SHAPES[0].what} and a tools/list`, ids, exchange));
    }
    return accounts.join('; ');
  },
};
