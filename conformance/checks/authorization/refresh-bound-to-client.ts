import { fail, type Check } from '../../check.js';
import { expectErrorBody } from '../../expect.js';
import { refreshRaw, secondClient } from './experiments.js';

export const refreshBoundToClient: Check = {
  id: 'refresh-bound-to-client',
  group: 'authorization',
  title: 'A refresh token presented by another client gets invalid_grant',
  spec: 'RFC 6749 section 6; field notes: token endpoint',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const other = await secondClient(ctx);
    const { tokens } = await ctx.authorize();
    if (!tokens.refreshToken) fail('the token response has no refresh_token');
    const exchange = await refreshRaw(other, tokens.refreshToken);
    expectErrorBody(exchange, 400, 'invalid_grant', "another client presenting the runner's refresh token");
    return 'another client presenting the refresh token got 400 invalid_grant';
  },
};
