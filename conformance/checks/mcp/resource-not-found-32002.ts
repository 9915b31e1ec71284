import { fail, skip, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { isObject } from '../../mcp.js';

const missing = 'ui://conformance/no-such-resource';

/** 2025-11-25's code for it, which its clients look for (2026-07-28 moved to -32602). */
export const resourceNotFound32002: Check = {
  id: 'resource-not-found-32002',
  group: 'mcp',
  title: 'resources/read of a resource that does not exist gets JSON-RPC error -32002, not empty contents',
  spec: 'MCP 2025-11-25 server/resources "Error Handling" (SHOULD)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const token = await ctx.connected();
    const { message: hello } = await ctx.mcp.initialize(token);
    const capabilities = hello?.result?.['capabilities'];
    if (!isObject(capabilities) || !('resources' in capabilities)) skip('initialize declares no resources capability');
    const { exchange, message } = await ctx.mcp.request(await ctx.connected(), 'resources/read', { uri: missing });
    if (message?.result) fail(`resources/read ${missing}: a result instead of an error: ${describeResponse(exchange)}`);
    if (message?.error?.code !== -32002) fail(`resources/read ${missing}: expected JSON-RPC error -32002, got ${describeResponse(exchange)}`);
    return `HTTP ${exchange.response.status}, JSON-RPC error -32002`;
  },
};
