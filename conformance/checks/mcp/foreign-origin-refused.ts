import { type Check } from '../../check.js';
import { expectStatus } from '../../expect.js';

/** Origins no deployment serves: another site, and the opaque origin of a sandboxed frame or a file: page. */
export const FOREIGN_ORIGINS = ['https://attacker.invalid', 'null'] as const;

export const foreignOriginRefused: Check = {
  id: 'foreign-origin-refused',
  group: 'mcp',
  title: 'A request from a foreign Origin is refused with 403 (DNS rebinding)',
  spec: 'field notes: MCP host (MCP 2025-11-25, transports: security warning)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const token = await ctx.connected();
    // "null" is what a sandboxed frame or a file: page sends: an origin too, never an absent one.
    for (const origin of FOREIGN_ORIGINS) {
      const exchange = await ctx.mcp.post(token, ctx.mcp.envelope('ping'), { headers: { origin } });
      expectStatus(exchange, 403, `a request with Origin ${origin}`);
    }
    return `HTTP 403 for Origin ${FOREIGN_ORIGINS.join(' and ')}`;
  },
};
