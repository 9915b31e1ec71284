import { type Check } from '../../check.js';
import { expectUnauthorized } from '../shared/unauthorized.js';

export const invalidToken401: Check = {
  id: 'invalid-token-401',
  group: 'mcp',
  title: 'A token the deployment never issued gets 401 with the WWW-Authenticate pointer',
  spec: 'section 5.4; section 7.1',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const { exchange } = await ctx.mcp.initialize('conformance-garbage-token');
    return expectUnauthorized(exchange, ctx.target, 'initialize with a garbage token');
  },
};
