import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';

export const responseMessage202: Check = {
  id: 'response-message-202',
  group: 'mcp',
  title: 'A POST carrying a JSON-RPC response gets 202 with no body, or an HTTP error: never an answer',
  spec: 'MCP 2025-11-25 basic/transports "Sending Messages to the Server" (a response or notification: MUST 202 with no body if accepted, else an HTTP error status)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const token = await ctx.connected();
    // A response to a request the server never sent: it may accept and drop it, or refuse it.
    const exchange = await ctx.mcp.post(token, { jsonrpc: '2.0', id: 'conformance-unsolicited', result: {} });
    const { status, body } = exchange.response;
    if (status === 202 && body === '') return 'HTTP 202 with no body for a JSON-RPC response';
    if (status >= 400) return `the JSON-RPC response was refused with HTTP ${status}`;
    fail(`a JSON-RPC response got ${describeResponse(exchange)}: expected 202 with no body, or an HTTP error`);
  },
};
