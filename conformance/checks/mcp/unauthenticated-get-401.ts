import { type Check } from '../../check.js';
import { expectUnauthorized } from '../shared/unauthorized.js';

export const unauthenticatedGet401: Check = {
  id: 'unauthenticated-get-401',
  group: 'mcp',
  title: 'GET / without a token gets 401, so clients probing it start OAuth',
  spec: 'field notes: MCP host; section 5.4',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const exchange = await ctx.http.send({
      url: ctx.target.mcpEndpoint,
      headers: { accept: 'text/event-stream' },
    });
    return expectUnauthorized(exchange, ctx.target, 'GET / without a token');
  },
};
