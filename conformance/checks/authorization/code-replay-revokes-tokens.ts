import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';
import { codeReplay } from './experiments.js';

export const codeReplayRevokesTokens: Check = {
  id: 'code-replay-revokes-tokens',
  group: 'authorization',
  title: 'Replaying a code revokes the tokens its first redemption issued',
  spec: 'field notes: token endpoint (OAuth 2.1 section 4.1.3)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const { before, replay, after } = await codeReplay(ctx);
    cite(before, replay, after);
    if (before.response.status !== 200) {
      fail(`the first access token did not work even before the replay: ${describeResponse(before)}`);
    }
    if (after.response.status !== 401) {
      fail(`after the replay the first access token still answers ${describeResponse(after)}, expected 401`);
    }
    return 'the first access token worked, then answered 401 after the code was replayed';
  },
};
