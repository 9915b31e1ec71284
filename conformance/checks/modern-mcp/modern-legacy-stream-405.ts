import { fail, skip, type Check } from '../../check.js';
import { offeredEras } from '../../eras.js';
import { describeResponse } from '../../expect.js';
import { MODERN_SPEC } from '../../modern.js';

/**
 * GET opened the 2025 stream and DELETE ended a session; 2026-07-28 has neither, and a 405 tells
 * an older client so at once. A dual-era deployment answers them as its legacy era says (the
 * contract's 404 on GET), so the rule is looked at only where 2025-11-25 is not offered.
 */
export const modernLegacyStream405: Check = {
  id: 'modern-legacy-stream-405',
  group: 'modern-mcp',
  title: 'A deployment that speaks only 2026-07-28 answers GET and DELETE on the MCP endpoint with 405',
  spec: `${MODERN_SPEC} basic/transports/streamable-http "Earlier Streamable HTTP Revisions" (SHOULD)`,
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const eras = await offeredEras(ctx);
    if (eras.legacy) skip(`the deployment speaks 2025-11-25 too (initialize answered ${eras.legacyAnswer}); GET and DELETE follow that era there`);
    for (const method of ['GET', 'DELETE'] as const) {
      const exchange = await ctx.http.send({ method, url: ctx.target.mcpEndpoint, headers: { authorization: `Bearer ${await ctx.accessToken()}`, accept: 'text/event-stream' } });
      if (exchange.response.status !== 405) fail(`${method} / with the token: expected 405, got ${describeResponse(exchange)}`);
    }
    return 'GET and DELETE: 405';
  },
};
