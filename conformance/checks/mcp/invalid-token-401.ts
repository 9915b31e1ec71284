import { type Check } from '../../check.js';
import { refusedInEachEra } from '../../each-era.js';
import { expectUnauthorized } from '../shared/unauthorized.js';

export const invalidToken401: Check = {
  id: 'invalid-token-401',
  group: 'mcp',
  title: 'A token the deployment never issued gets 401 with the WWW-Authenticate pointer',
  spec: 'section 5.4; section 7.1',
  level: 'MUST',
  era: 'any',
  needsSignIn: false,
  async run(ctx) {
    return refusedInEachEra(ctx, 'conformance-garbage-token', 'with a garbage token', (exchange, what) => expectUnauthorized(exchange, ctx.target, what));
  },
};
