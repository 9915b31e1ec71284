import { type Check } from '../../check.js';
import { expectErrorBody } from '../../expect.js';
import { cite } from '../../http.js';
import { spentRefresh } from './experiments.js';

export const spentRefreshTokenRefused: Check = {
  id: 'spent-refresh-token-refused',
  group: 'authorization',
  title: 'A refresh token already exchanged is refused with invalid_grant (after any refresh grace)',
  spec: 'field notes: token endpoint (OAuth 2.1 section 4.3.1)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { reuse, waitedSeconds } = await spentRefresh(ctx);
    cite(reuse);
    const when = waitedSeconds ? ` ${waitedSeconds} s after a retry was answered (past --refresh-grace ${waitedSeconds - 1})` : '';
    expectErrorBody(reuse, 400, 'invalid_grant', `presenting the spent refresh token again${when}`);
    return `the spent refresh token got 400 invalid_grant${when}`;
  },
};
