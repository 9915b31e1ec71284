import { type Check } from '../../check.js';
import { expectUnauthorized } from '../shared/unauthorized.js';
import { revoke, tokenInUse } from './revocation.js';
import { tryToken } from '../../eras.js';

export const revokedAccessToken401: Check = {
  id: 'revoked-access-token-401',
  group: 'revocation',
  title: 'After revoking an access token, the very next request gets 401',
  spec: 'section 5.5 rule 2; section 5.4',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { client, tokens } = await ctx.authorize();
    await tokenInUse(ctx, tokens.accessToken, 'the new access token');
    await revoke(client, tokens.accessToken, 'access_token');
    const after = await tryToken(ctx, tokens.accessToken, { waitOutRateLimit: false });
    return expectUnauthorized(after, ctx.target, 'the next request after revoking the access token');
  },
};
