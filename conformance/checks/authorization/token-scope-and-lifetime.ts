import { fail, type Check } from '../../check.js';
import { MCP_SCOPE } from '../../client.js';
import { cite } from '../../http.js';

const ONE_HOUR_SECONDS = 3600;

export const tokenScopeAndLifetime: Check = {
  id: 'token-scope-and-lifetime',
  group: 'authorization',
  title: 'The access token carries scope mcp_customer and lives at most an hour',
  spec: 'section 2.2',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const grant = await ctx.session();
    if (grant.redemption) cite(grant.redemption);
    const { scope, expiresIn } = grant.tokens;
    // RFC 6749 lets the server omit scope when it is the one requested (mcp_customer).
    if (scope !== undefined && scope !== MCP_SCOPE) fail(`scope is "${scope}", expected "${MCP_SCOPE}"`);
    if (expiresIn === undefined) fail('the token response has no expires_in');
    if (expiresIn < 1 || expiresIn > ONE_HOUR_SECONDS) fail(`expires_in is ${expiresIn}, expected 1..${ONE_HOUR_SECONDS}`);
    return `scope ${scope ?? `(omitted: ${MCP_SCOPE} as requested)`}, expires_in ${expiresIn}`;
  },
};
