import { fail, type Check } from '../../check.js';
import { expectUnauthorized } from '../shared/unauthorized.js';
import { revoke, tokenInUse } from './revocation.js';
import { tryToken } from '../../eras.js';

export const revokedRefreshTokenSignsOut: Check = {
  id: 'revoked-refresh-token-signs-out',
  group: 'revocation',
  title: 'Revoking the refresh token signs the client out: its access token and renewal stop working',
  spec: 'section 5.5 rules 1-2; section 4.2 (revocation signs the client out immediately)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { client, tokens } = await ctx.authorize();
    if (!tokens.refreshToken) fail('the token response has no refresh_token to revoke');
    await tokenInUse(ctx, tokens.accessToken, 'the new access token');
    await revoke(client, tokens.refreshToken, 'refresh_token');
    const after = await tryToken(ctx, tokens.accessToken, { waitOutRateLimit: false });
    expectUnauthorized(after, ctx.target, "the access token's next request after revoking its refresh token");
    const renewal = await client.tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
      resource: client.resource,
    });
    if (renewal.response.status === 200) fail('the revoked refresh token still renews');
    return 'after revoking the refresh token its access token got 401 and renewal was refused';
  },
};
