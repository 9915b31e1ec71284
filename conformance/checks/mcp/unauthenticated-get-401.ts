import { skip, type Check } from '../../check.js';
import { offeredEras } from '../../eras.js';
import { expectUnauthorized } from '../shared/unauthorized.js';

export const unauthenticatedGet401: Check = {
  id: 'unauthenticated-get-401',
  group: 'mcp',
  title: 'GET / without a token gets 401, so clients probing it start OAuth',
  spec: 'field notes: MCP host; section 5.4',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    // The GET is the 2025 era's stream; where a person signs in, the run can tell whether that era is offered at all.
    if (ctx.settings.signIn) {
      const eras = await offeredEras(ctx);
      if (!eras.legacy) skip(`the deployment does not speak 2025-11-25 (initialize answered ${eras.legacyAnswer}); 2026-07-28 has no stream GET`);
    }
    const exchange = await ctx.http.send({
      url: ctx.target.mcpEndpoint,
      headers: { accept: 'text/event-stream' },
    });
    return expectUnauthorized(exchange, ctx.target, 'GET / without a token');
  },
};
