import { fail, type Check } from '../../check.js';
import { erasToTry } from '../../each-era.js';
import { LEGACY_REVISION } from '../../eras.js';
import { describeResponse } from '../../expect.js';
import type { Exchange } from '../../http.js';
import { answersOf, isObject, jsonRpcOf, type JsonRpcError } from '../../mcp.js';
import { rawPost } from './raw-post.js';

/**
 * Bodies no JSON-RPC server can take, and the JSON-RPC 2.0 code (section 5.1) for each. The code
 * is only noted: the transport lets the error body go without an id, and SDKs answer their own
 * code (the Python SDK: -32602 under id "server-error").
 */
const MALFORMED = [
  { what: 'a JSON body that is not a JSON-RPC message (no method)', body: '{"jsonrpc":"2.0","id":1}', code: -32600 },
  { what: 'a JSON object that is no JSON-RPC message at all ({"hello":1})', body: '{"hello":1}', code: -32600 },
  { what: 'a body that is not JSON', body: '{"jsonrpc":', code: -32700 },
  { what: 'the JSON body null', body: 'null', code: -32600 },
  // JSON-RPC 2.0 section 4.2: params, when present, MUST be an array or an object.
  { what: 'a tools/list whose params is null', body: '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":null}', code: -32600 },
] as const;

/**
 * A batch of one null, without MCP-Protocol-Version (a 2025-03-26 client may batch): JSON-RPC 2.0
 * section 6 answers it with an array of one -32600 error, which HTTP 200 may carry; the transport
 * lets the deployment refuse it with a 4xx instead. Sent once, in 2025-11-25's turn: 2026-07-28
 * has no batches and names its version in every request.
 */
const NULL_BATCH = { what: 'a batch [null] without MCP-Protocol-Version', body: '[null]', code: -32600 } as const;

/** JSON-RPC 2.0 section 6: an empty batch is answered with one -32600 error, not an empty array and not silence. */
const EMPTY_BATCH = { what: 'an empty batch [] without MCP-Protocol-Version', body: '[]', code: -32600 } as const;

/** What the JSON-RPC body of a refusal says, for the account: its code (against JSON-RPC 2.0's) and id. */
function errorNote(error: JsonRpcError, id: unknown, code: number): string {
  return `, JSON-RPC error ${error.code}${error.code === code ? '' : ` (JSON-RPC 2.0 names ${code})`} under id ${JSON.stringify(id ?? null)}`;
}

/** A refusal of one malformed body: an HTTP 4xx whose JSON-RPC body, if any, is an error with an integer code. */
function judgeRefusal(era: string, what: string, code: number, exchange: Exchange): string {
  const { status } = exchange.response;
  if (status < 400 || status >= 500 || status === 429) fail(`${era}: ${what}: expected an HTTP 4xx refusing it, got ${describeResponse(exchange)}`);
  // Only a JSON-RPC body is judged: a proxy's {"error": "bad_request"} is a refusal too.
  const parsed = jsonRpcOf(exchange);
  const answer = parsed?.jsonrpc === '2.0' ? parsed : undefined;
  if (answer && 'result' in answer) fail(`${era}: ${what}: the ${status} carries a JSON-RPC result, not an error: ${describeResponse(exchange)}`);
  const error = answer?.error;
  if (answer && !(isObject(error) && Number.isInteger(error.code))) fail(`${era}: ${what}: the JSON-RPC error ${JSON.stringify(error)?.slice(0, 80)} has no integer code`);
  return `${era}: ${what}: HTTP ${status}${error ? errorNote(error, answer?.id, code) : ''}`;
}

/** A batch of nothing valid: a 4xx refusal, or HTTP 200 with JSON-RPC errors only (never a result, never a 5xx, never no answer). */
function judgeBadBatch({ what, code }: { what: string; code: number }, exchange: Exchange): string {
  if (exchange.response.status !== 200) return judgeRefusal(LEGACY_REVISION, what, code, exchange);
  const answers = answersOf(exchange);
  if (answers.length === 0 || answers.some((answer) => !isObject(answer['error']) || !Number.isInteger(answer['error']['code']))) {
    fail(`${LEGACY_REVISION}: ${what}: expected an HTTP 4xx, or HTTP 200 with JSON-RPC errors only, got ${describeResponse(exchange)}`);
  }
  return `${LEGACY_REVISION}: ${what}: HTTP 200 with ${answers.length} JSON-RPC error${answers.length === 1 ? '' : 's'}`;
}

export const invalidJsonrpcMessage: Check = {
  id: 'invalid-jsonrpc-message',
  group: 'mcp',
  era: 'any',
  title: 'A body that is not JSON, or not a JSON-RPC message (null, params null, a batch [null], an empty batch), is refused with an HTTP 4xx, never a server error, in each era',
  spec: 'MCP 2025-11-25 and 2026-07-28 basic/transports "Sending Messages to the Server" (input the server cannot accept: an HTTP error status such as 400, optionally a JSON-RPC error without id); JSON-RPC 2.0 sections 4.2, 5, 5.1 and 6 (-32700, -32600: noted, not required)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const accounts: string[] = [];
    for (const era of await erasToTry(ctx)) {
      for (const { what, body, code } of MALFORMED) {
        accounts.push(judgeRefusal(era, what, code, await rawPost(ctx, era, body)));
      }
      if (era !== LEGACY_REVISION) continue;
      for (const batch of [NULL_BATCH, EMPTY_BATCH]) accounts.push(judgeBadBatch(batch, await rawPost(ctx, era, batch.body, { unversioned: true })));
    }
    return accounts.join('; ');
  },
};
