import { type Check } from '../../check.js';
import { expectUnauthorized } from '../shared/unauthorized.js';

export const missingToken401: Check = {
  id: 'missing-token-401',
  group: 'mcp',
  title: 'A request without a token gets 401 with the WWW-Authenticate pointer',
  spec: 'section 5.4; section 7.1',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const { exchange } = await ctx.mcp.initialize(undefined);
    return expectUnauthorized(exchange, ctx.target, 'initialize without a token');
  },
};
