import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';
import { codeReplay, refreshRaw } from './experiments.js';

export const codeReplayRevokesRefreshToken: Check = {
  id: 'code-replay-revokes-refresh-token',
  group: 'authorization',
  title: 'Replaying a code revokes the refresh token its first redemption issued too',
  spec: 'RFC 6749 section 4.1.2 and RFC 9700 section 4.2.4 (SHOULD revoke the tokens issued on the code); field notes: token endpoint',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const { grant, replay } = await codeReplay(ctx);
    const { refreshToken } = grant.tokens;
    if (!refreshToken) fail('the first redemption issued no refresh_token to try after the replay');
    const renewal = await refreshRaw(grant.client, refreshToken);
    cite(replay, renewal);
    if (renewal.response.status === 200) fail('after the code was replayed, the refresh token of its first redemption still renews');
    return `after the replay, renewing with the first refresh token was refused: ${describeResponse(renewal)}`;
  },
};
