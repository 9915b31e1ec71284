import { type Check } from '../../check.js';
import { expectUnauthorized } from '../shared/unauthorized.js';
import { revoke, tokenInUse } from './revocation.js';
import { tryToken } from '../../eras.js';

export const revokeUnderOtherHint: Check = {
  id: 'revoke-under-other-hint',
  group: 'revocation',
  title: 'An access token revoked with token_type_hint refresh_token is revoked all the same',
  spec: 'RFC 7009 section 2.1 (a token not found under the hint MUST be searched for across all supported types)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { client, tokens } = await ctx.authorize();
    await tokenInUse(ctx, tokens.accessToken, 'the new access token');
    await revoke(client, tokens.accessToken, 'refresh_token');
    const after = await tryToken(ctx, tokens.accessToken, { waitOutRateLimit: false });
    return expectUnauthorized(after, ctx.target, 'the next request after revoking the access token under the refresh_token hint');
  },
};
