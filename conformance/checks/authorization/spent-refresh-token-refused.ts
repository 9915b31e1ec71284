import { type Check } from '../../check.js';
import { expectErrorBody } from '../../expect.js';
import { cite } from '../../http.js';
import { spentRefresh, spentRefreshUntouched } from './experiments.js';

export const spentRefreshTokenRefused: Check = {
  id: 'spent-refresh-token-refused',
  group: 'authorization',
  title: 'A refresh token already exchanged is refused with invalid_grant (after any refresh grace), whether or not its lineage renewed since',
  spec: 'field notes: token endpoint (OAuth 2.1 section 4.3.1)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { reuse, waitedSeconds } = await spentRefresh(ctx);
    cite(reuse);
    const when = (seconds: number) => (seconds ? ` ${seconds} s after a retry was answered (past --refresh-grace ${seconds - 1})` : '');
    expectErrorBody(reuse, 400, 'invalid_grant', `presenting the spent refresh token again${when(waitedSeconds)}, after its lineage renewed`);
    const untouched = await spentRefreshUntouched(ctx);
    if (untouched.reuse) {
      cite(untouched.reuse);
      expectErrorBody(untouched.reuse, 400, 'invalid_grant', `presenting the spent refresh token again${when(untouched.waitedSeconds)}, with no renewal in between`);
    }
    const alone = untouched.reuse ? `; so did one presented${when(untouched.waitedSeconds)} with no renewal in between` : '';
    return `the spent refresh token got 400 invalid_grant${when(waitedSeconds)}${alone}`;
  },
};
