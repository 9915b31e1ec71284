import { fail, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { erasToTry, type SpokenEra } from '../../each-era.js';
import { LEGACY_REVISION } from '../../eras.js';
import { describeResponse } from '../../expect.js';
import type { Exchange } from '../../http.js';
import { isObject, jsonRpcOf, sendPolitely, type JsonRpcError } from '../../mcp.js';
import { MODERN_REVISION } from '../../modern.js';

/**
 * Bodies no JSON-RPC server can take, and the JSON-RPC 2.0 code (section 5.1) for each. The code
 * is only noted: the transport lets the error body go without an id, and SDKs answer their own
 * code (the Python SDK: -32602 under id "server-error").
 */
const MALFORMED = [
  { what: 'a JSON body that is not a JSON-RPC message (no method)', body: '{"jsonrpc":"2.0","id":1}', code: -32600 },
  { what: 'a JSON object that is no JSON-RPC message at all ({"hello":1})', body: '{"hello":1}', code: -32600 },
  { what: 'a body that is not JSON', body: '{"jsonrpc":', code: -32700 },
] as const;

/** What the JSON-RPC body of a refusal says, for the account: its code (against JSON-RPC 2.0's) and id. */
function errorNote(error: JsonRpcError, id: unknown, code: number): string {
  return `, JSON-RPC error ${error.code}${error.code === code ? '' : ` (JSON-RPC 2.0 names ${code})`} under id ${JSON.stringify(id ?? null)}`;
}

/** Sends `body` as is in `era`, waiting out a 429 as a polite client does: the budget is not under test. */
function post(ctx: CheckContext, era: SpokenEra, body: string): Promise<Exchange> {
  const send = async (): Promise<Exchange> => {
    const legacy = era === LEGACY_REVISION;
    const token = legacy ? await ctx.connected() : await ctx.accessToken();
    const version = legacy ? ctx.mcp.protocolVersion : MODERN_REVISION;
    return ctx.http.send({
      method: 'POST',
      url: ctx.mcp.endpoint,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(version ? { 'mcp-protocol-version': version } : {}),
        authorization: `Bearer ${token}`,
      },
      body,
    });
  };
  return sendPolitely(send, ctx.settings.mcpRateLimit, ctx.progress);
}

export const invalidJsonrpcMessage: Check = {
  id: 'invalid-jsonrpc-message',
  group: 'mcp',
  era: 'any',
  title: 'A body that is not JSON, or not a JSON-RPC message, is refused with an HTTP 4xx, never a server error, in each era',
  spec: 'MCP 2025-11-25 and 2026-07-28 basic/transports "Sending Messages to the Server" (input the server cannot accept: an HTTP error status such as 400, optionally a JSON-RPC error without id); JSON-RPC 2.0 sections 5 and 5.1 (-32700, -32600: noted, not required)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const accounts: string[] = [];
    for (const era of await erasToTry(ctx)) {
      for (const { what, body, code } of MALFORMED) {
        const exchange = await post(ctx, era, body);
        const { status } = exchange.response;
        if (status < 400 || status >= 500 || status === 429) fail(`${era}: ${what}: expected an HTTP 4xx refusing it, got ${describeResponse(exchange)}`);
        // Only a JSON-RPC body is judged: a proxy's {"error": "bad_request"} is a refusal too.
        const parsed = jsonRpcOf(exchange);
        const answer = parsed?.jsonrpc === '2.0' ? parsed : undefined;
        if (answer && 'result' in answer) fail(`${era}: ${what}: the ${status} carries a JSON-RPC result, not an error: ${describeResponse(exchange)}`);
        const error = answer?.error;
        if (answer && !(isObject(error) && Number.isInteger(error.code))) fail(`${era}: ${what}: the JSON-RPC error ${JSON.stringify(error)?.slice(0, 80)} has no integer code`);
        accounts.push(`${era}: ${what}: HTTP ${status}${error ? errorNote(error, answer?.id, code) : ''}`);
      }
    }
    return accounts.join('; ');
  },
};
