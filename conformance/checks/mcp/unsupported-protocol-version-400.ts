import { type Check } from '../../check.js';
import { expectStatus } from '../../expect.js';

export const unsupportedProtocolVersion400: Check = {
  id: 'unsupported-protocol-version-400',
  group: 'mcp',
  title: 'A request or notification with an unsupported MCP-Protocol-Version gets 400',
  spec: 'field notes: MCP host (MCP 2025-11-25, transports: protocol version header)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const token = await ctx.connected();
    const exchange = await ctx.mcp.post(token, ctx.mcp.envelope('tools/list'), {
      headers: { 'mcp-protocol-version': '1999-01-01' },
    });
    expectStatus(exchange, 400, 'tools/list with MCP-Protocol-Version 1999-01-01');
    // The header binds every POST: a notification's 202 path must not come before its check.
    const notification = await ctx.mcp.post(token, { jsonrpc: '2.0', method: 'notifications/initialized' }, {
      headers: { 'mcp-protocol-version': '1999-01-01' },
    });
    expectStatus(notification, 400, 'the notification notifications/initialized with MCP-Protocol-Version 1999-01-01');
    return 'HTTP 400 for MCP-Protocol-Version 1999-01-01, on a request and on a notification';
  },
};
