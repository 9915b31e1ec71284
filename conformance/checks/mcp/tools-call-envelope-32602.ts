import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';

export const toolsCallEnvelope32602: Check = {
  id: 'tools-call-envelope-32602',
  group: 'mcp',
  title: 'A tools/call whose params carry no tool name gets JSON-RPC error -32602 under its id',
  spec: 'MCP 2025-11-25 server/tools "Error Handling" (unknown tools, invalid arguments: -32602); basic/index "Requests" (params as the method defines them)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    // The 2025-11-25 twin of modern-envelope-32602: params without the name the method requires.
    const { exchange, message } = await ctx.mcp.request(() => ctx.connected(), 'tools/call', { arguments: {} });
    if (message?.error?.code !== -32602) fail(`tools/call without "name": expected JSON-RPC error -32602 (Invalid params), got ${describeResponse(exchange)}`);
    return `HTTP ${exchange.response.status}, JSON-RPC error -32602`;
  },
};
