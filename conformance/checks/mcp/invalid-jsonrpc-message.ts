import { fail, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { describeResponse } from '../../expect.js';
import type { Exchange } from '../../http.js';
import { jsonRpcOf, sendPolitely } from '../../mcp.js';

/** Two bodies no JSON-RPC server can take, and the JSON-RPC 2.0 code (section 5.1) for each. */
const MALFORMED = [
  { what: 'a JSON body that is not a JSON-RPC message (no method)', body: '{"jsonrpc":"2.0","id":1}', code: -32600 },
  { what: 'a body that is not JSON', body: '{"jsonrpc":', code: -32700 },
] as const;

/** Sends `body` as is, waiting out a 429 as a polite client does: the budget is not under test. */
function post(ctx: CheckContext, body: string): Promise<Exchange> {
  const send = async (): Promise<Exchange> => {
    const token = await ctx.connected();
    const version = ctx.mcp.protocolVersion;
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
  title: 'A body that is not JSON, or not a JSON-RPC message, is refused with an HTTP 4xx, never a server error',
  spec: 'MCP 2025-11-25 basic/transports "Sending Messages to the Server" (input the server cannot accept: an HTTP error status such as 400, optionally a JSON-RPC error without id); JSON-RPC 2.0 section 5.1 (-32700, -32600)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const accounts: string[] = [];
    for (const { what, body, code } of MALFORMED) {
      const exchange = await post(ctx, body);
      const { status } = exchange.response;
      if (status < 400 || status >= 500 || status === 429) fail(`${what}: expected an HTTP 4xx refusing it, got ${describeResponse(exchange)}`);
      const answer = jsonRpcOf(exchange);
      const error = answer?.jsonrpc === '2.0' ? answer.error : undefined;
      if (error && error.code !== code) fail(`${what}: the JSON-RPC error is ${error.code}, not ${code}`);
      accounts.push(`${what}: HTTP ${status}${error ? `, JSON-RPC error ${error.code}` : ''}`);
    }
    return accounts.join('; ');
  },
};
