import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { expectUnauthorized } from '../shared/unauthorized.js';
import { revoke, tokenInUse } from './revocation.js';
import { cheapestRequest, erasToTry } from '../../each-era.js';

export const revokedAccessToken401: Check = {
  id: 'revoked-access-token-401',
  group: 'revocation',
  title: 'After revoking an access token, the very next request gets 401, in each era offered, and its refresh token no longer renews',
  spec: 'section 5.5 rule 2 (the revocation endpoint signs the client out as the connected-apps page does); section 5.4',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { client, tokens } = await ctx.authorize();
    await tokenInUse(ctx, tokens.accessToken, 'the new access token');
    await revoke(client, tokens.accessToken, 'access_token');
    // The first era's request is the very next one; each other era's follows it, so none may be let through either.
    const accounts: string[] = [];
    for (const era of await erasToTry(ctx)) {
      const after = await cheapestRequest(ctx, era, tokens.accessToken, { waitOutRateLimit: false });
      accounts.push(`${era}: ${expectUnauthorized(after, ctx.target, `${era}: the next request after revoking the access token`)}`);
    }
    if (tokens.refreshToken) {
      const renewal = await client.tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken, resource: client.resource });
      if (renewal.response.status === 200) {
        fail(`the client is not signed out: after revoking its access token, its refresh token still renews (${describeResponse(renewal)})`);
      }
      accounts.push(`renewal refused with HTTP ${renewal.response.status}`);
    }
    return accounts.join('; ');
  },
};
