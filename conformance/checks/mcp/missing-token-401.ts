import { type Check } from '../../check.js';
import { refusedInEachEra } from '../../each-era.js';
import { expectUnauthorized } from '../shared/unauthorized.js';

export const missingToken401: Check = {
  id: 'missing-token-401',
  group: 'mcp',
  title: 'A request without a token gets 401 with the WWW-Authenticate pointer',
  spec: 'section 5.4; section 7.1',
  level: 'MUST',
  era: 'any',
  needsSignIn: false,
  async run(ctx) {
    return refusedInEachEra(ctx, undefined, 'without a token', (exchange, what) => expectUnauthorized(exchange, ctx.target, what));
  },
};
