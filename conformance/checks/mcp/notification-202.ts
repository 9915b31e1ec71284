import { fail, type Check } from '../../check.js';
import { excerpt, expectStatus } from '../../expect.js';

export const notification202: Check = {
  id: 'notification-202',
  group: 'mcp',
  title: 'A POST carrying only a notification gets 202 Accepted with no body',
  spec: 'field notes: MCP host (MCP 2025-11-25, transports: sending messages: 202 Accepted with no body)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const token = await ctx.connected();
    const exchange = await ctx.mcp.post(token, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expectStatus(exchange, 202, 'notifications/initialized');
    if (exchange.response.body.trim() !== '') fail(`notifications/initialized: HTTP 202 with a body, ${excerpt(exchange.response.body)}; a notification is accepted with no body`);
    return 'HTTP 202 with no body for notifications/initialized';
  },
};
