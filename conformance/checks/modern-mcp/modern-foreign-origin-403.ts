import type { Check } from '../../check.js';
import { expectStatus } from '../../expect.js';
import { modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';
import { FOREIGN_ORIGINS } from '../mcp/foreign-origin-refused.js';

/** DNS rebinding reaches a 2026-07-28 request as easily as a 2025 one: the Origin rule holds in both. */
export const modernForeignOrigin403: Check = {
  id: 'modern-foreign-origin-403',
  group: 'modern-mcp',
  title: 'A 2026-07-28 request from a foreign Origin is refused with 403 (DNS rebinding)',
  spec: `${MODERN_SPEC} basic/transports/streamable-http "Security & Endpoint" (MUST validate Origin; MUST answer 403)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    for (const origin of FOREIGN_ORIGINS) {
      const { exchange } = await ctx.modern.request(modernToken(ctx), 'tools/list', {}, { headers: { origin } });
      expectStatus(exchange, 403, `tools/list with Origin ${origin}`);
    }
    return `HTTP 403 for Origin ${FOREIGN_ORIGINS.join(' and ')}`;
  },
};
