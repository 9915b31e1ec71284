import { type Check } from '../../check.js';
import { expectUnauthorized } from '../shared/unauthorized.js';

/** Outside the token68 characters of RFC 6750 section 2.1: a space and "!". */
const NOT_TOKEN68 = 'conformance not-token68!';

export const malformedBearer401: Check = {
  id: 'malformed-bearer-401',
  group: 'mcp',
  title: 'A Bearer value outside the token68 characters gets 401 with the WWW-Authenticate pointer',
  spec: 'RFC 6750 section 3.1 (a malformed token SHOULD get 401 invalid_token); section 5.4',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const { exchange } = await ctx.mcp.initialize(NOT_TOKEN68);
    return expectUnauthorized(exchange, ctx.target, `initialize with Bearer ${NOT_TOKEN68}`);
  },
};
