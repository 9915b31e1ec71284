import { type Check } from '../../check.js';
import { expectStatus } from '../../expect.js';

export const notification202: Check = {
  id: 'notification-202',
  group: 'mcp',
  title: 'A POST carrying only a notification gets 202 Accepted',
  spec: 'field notes: MCP host (MCP 2025-11-25, transports: sending messages)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const token = await ctx.connected();
    const exchange = await ctx.mcp.post(token, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expectStatus(exchange, 202, 'notifications/initialized');
    return 'HTTP 202 for notifications/initialized';
  },
};
