import { fail, type Check } from '../../check.js';
import { expectUnauthorized } from '../shared/unauthorized.js';
import { revoke, tokenInUse } from './revocation.js';
import { cheapestRequest, erasToTry } from '../../each-era.js';

export const revokedRefreshTokenSignsOut: Check = {
  id: 'revoked-refresh-token-signs-out',
  group: 'revocation',
  title: 'Revoking the refresh token signs the client out: its access token (in each era offered) and renewal stop working',
  spec: 'section 5.5 rules 1-2; section 4.2 (revocation signs the client out immediately)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { client, tokens } = await ctx.authorize();
    if (!tokens.refreshToken) fail('the token response has no refresh_token to revoke');
    await tokenInUse(ctx, tokens.accessToken, 'the new access token');
    await revoke(client, tokens.refreshToken, 'refresh_token');
    // The first era's request is the very next one; each other era's follows it, so none may be let through either.
    const accounts: string[] = [];
    for (const era of await erasToTry(ctx)) {
      const after = await cheapestRequest(ctx, era, tokens.accessToken, { waitOutRateLimit: false });
      accounts.push(`${era}: ${expectUnauthorized(after, ctx.target, `${era}: the access token's next request after revoking its refresh token`)}`);
    }
    const renewal = await client.tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
      resource: client.resource,
    });
    if (renewal.response.status === 200) fail('the revoked refresh token still renews');
    return `after revoking the refresh token its access token got 401 (${accounts.join('; ')}) and renewal was refused`;
  },
};
