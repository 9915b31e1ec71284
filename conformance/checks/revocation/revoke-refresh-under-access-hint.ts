import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';
import { refreshRaw } from '../authorization/experiments.js';
import { revoke } from './revocation.js';

export const revokeRefreshUnderAccessHint: Check = {
  id: 'revoke-refresh-under-access-hint',
  group: 'revocation',
  title: 'A refresh token revoked with token_type_hint access_token is revoked all the same',
  spec: 'RFC 7009 section 2.1 (a token not found under the hint MUST be searched for across all supported types)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { client, tokens } = await ctx.authorize();
    if (!tokens.refreshToken) fail('the token response has no refresh_token to revoke');
    await revoke(client, tokens.refreshToken, 'access_token');
    const renewal = await refreshRaw(client, tokens.refreshToken);
    cite(renewal);
    if (renewal.response.status === 200) fail('a refresh token revoked under the access_token hint still renews');
    return `after revoking it under the access_token hint, renewing with the refresh token was refused: ${describeResponse(renewal)}`;
  },
};
