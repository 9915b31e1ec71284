import { type Check } from '../../check.js';
import { expectStatus } from '../../expect.js';

export const foreignOriginRefused: Check = {
  id: 'foreign-origin-refused',
  group: 'mcp',
  title: 'A request from a foreign Origin is refused with 403 (DNS rebinding)',
  spec: 'field notes: MCP host (MCP 2025-11-25, transports: security warning)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const token = await ctx.connected();
    const exchange = await ctx.mcp.post(token, ctx.mcp.envelope('ping'), {
      headers: { origin: 'https://attacker.invalid' },
    });
    expectStatus(exchange, 403, 'a request with Origin https://attacker.invalid');
    return 'HTTP 403 for Origin https://attacker.invalid';
  },
};
