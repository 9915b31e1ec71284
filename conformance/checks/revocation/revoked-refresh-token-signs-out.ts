import { fail, type Check } from '../../check.js';
import { captureExchanges, cite } from '../../http.js';
import { expectUnauthorized } from '../shared/unauthorized.js';
import { revoke, tokenInUse } from './revocation.js';
import { cheapestRequest, erasToTry } from '../../each-era.js';

export const revokedRefreshTokenSignsOut: Check = {
  id: 'revoked-refresh-token-signs-out',
  group: 'revocation',
  title:
    'Revoking the refresh token signs the client out: every access token of the grant (the one issued before a rotation too, in each era offered) and renewal stop working',
  spec: 'section 5.5 rules 1-2; section 4.2 (revocation signs the client out immediately)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { client, tokens } = await ctx.authorize();
    if (!tokens.refreshToken) fail('the token response has no refresh_token to revoke');
    // One rotation first: the grant then has an access token from before it, which the revocation must take too.
    const rotation = await captureExchanges(() => client.refresh(tokens.refreshToken!));
    cite(...rotation.exchanges);
    if (!rotation.ok) throw rotation.error;
    const newest = rotation.value;
    const refreshToken = newest.refreshToken ?? tokens.refreshToken;
    await tokenInUse(ctx, tokens.accessToken, 'the first access token');
    await revoke(client, refreshToken, 'refresh_token');
    // The first era's request is the very next one; each other era's follows it, so none may be let through either.
    const accounts: string[] = [];
    for (const era of await erasToTry(ctx)) {
      for (const [which, token] of [['the newest', newest.accessToken], ['the first (before the rotation)', tokens.accessToken]] as const) {
        const after = await cheapestRequest(ctx, era, token, { waitOutRateLimit: false });
        accounts.push(`${era}, ${which}: ${expectUnauthorized(after, ctx.target, `${era}: ${which} access token's next request after revoking the refresh token`)}`);
      }
    }
    const renewal = await client.tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, resource: client.resource });
    if (renewal.response.status === 200) fail('the revoked refresh token still renews');
    return `after revoking the refresh token every access token of the grant got 401 (${accounts.join('; ')}) and renewal was refused`;
  },
};
