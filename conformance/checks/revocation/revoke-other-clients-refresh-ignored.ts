import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';
import { refreshRaw } from '../authorization/experiments.js';
import { otherClients } from './revocation.js';

export const revokeOtherClientsRefreshIgnored: Check = {
  id: 'revoke-other-clients-refresh-ignored',
  group: 'revocation',
  title: "A client cannot revoke another client's refresh token",
  spec: 'RFC 7009 section 2.1 (MUST check the token was issued to the client asking); field notes: revocation',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { client, tokens } = await ctx.authorize();
    if (!tokens.refreshToken) fail('the token response has no refresh_token to try');
    const others = await otherClients(ctx);
    // Either answer is allowed (RFC 7009 lets the server refuse or ignore it); the token must live on.
    for (const other of others) await other.client.revoke(tokens.refreshToken, 'refresh_token').catch(() => undefined);
    const renewal = await refreshRaw(client, tokens.refreshToken);
    cite(renewal);
    const names = others.map((other) => other.name);
    if (renewal.response.status !== 200) fail(`${names.join(' or ')} revoked the runner's refresh token: renewing with it got ${describeResponse(renewal)}`);
    return `after ${names.join(' and ')} tried to revoke it, the refresh token still renews`;
  },
};
