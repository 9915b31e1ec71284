import { type Check, notVerified } from '../../check.js';
import { refusedInEachEra } from '../../each-era.js';
import { expectErrorBody } from '../../expect.js';

export const foreignToken403: Check = {
  id: 'foreign-token-403',
  group: 'mcp',
  title: "A valid token of another platform service gets 403 insufficient_scope, not 401",
  spec: 'section 5.1 rule 3; section 7.1',
  level: 'MUST',
  era: 'any',
  needsSignIn: false,
  async run(ctx) {
    const token = ctx.settings.foreignToken;
    if (!token) {
      notVerified('pass --foreign-token with a valid token of another service (e.g. `survey-mcp token issue --user EMAIL --scope reporting`)');
    }
    return refusedInEachEra(ctx, token, 'with a token of another service', (exchange, what) => {
      expectErrorBody(exchange, 403, 'insufficient_scope', what);
      return 'HTTP 403 {"error": "insufficient_scope"}';
    });
  },
};
