import { fail, type Check } from '../../check.js';
import { MCP_SCOPE } from '../../client.js';
import { expectErrorBody } from '../../expect.js';
import { refreshRaw } from './experiments.js';

const WIDER = `${MCP_SCOPE} conformance-extra-scope`;

export const refreshNoScopeEscalation: Check = {
  id: 'refresh-no-scope-escalation',
  group: 'authorization',
  title: 'A refresh asking for more scope than the grant gets invalid_scope',
  spec: 'RFC 6749 section 6; field notes: token endpoint (no scope escalation)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { client, tokens } = await ctx.authorize();
    if (!tokens.refreshToken) fail('the token response has no refresh_token');
    const exchange = await refreshRaw(client, tokens.refreshToken, { scope: WIDER });
    expectErrorBody(exchange, 400, 'invalid_scope', `a refresh asking for scope "${WIDER}"`);
    return `scope "${WIDER}" got 400 invalid_scope`;
  },
};
