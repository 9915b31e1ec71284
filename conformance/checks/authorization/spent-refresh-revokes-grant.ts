import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';
import { useToken } from '../shared/use-token.js';
import { spentRefresh } from './experiments.js';

export const spentRefreshRevokesGrant: Check = {
  id: 'spent-refresh-revokes-grant',
  group: 'authorization',
  title: 'Reusing a spent refresh token (after any refresh grace) revokes the grant, its newest tokens included',
  spec: 'field notes: token endpoint (RFC 9700 section 4.14.2)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const { run, newest, newestUse, reuse, waitedSeconds } = await spentRefresh(ctx);
    cite(newestUse, reuse);
    if (newestUse.response.status !== 200) {
      fail(`the newest access token did not work even before the reuse: ${describeResponse(newestUse)}`);
    }
    const after = await useToken(ctx, newest.accessToken);
    if (after.response.status !== 401) {
      fail(`after the reuse the newest access token still answers ${describeResponse(after)}, expected 401`);
    }
    if (newest.refreshToken) {
      const renewal = await run.grant.client.tokenRequest({
        grant_type: 'refresh_token',
        refresh_token: newest.refreshToken,
        resource: run.grant.client.resource,
      });
      if (renewal.response.status === 200) fail('after the reuse the newest refresh token still renews');
    }
    const when = waitedSeconds ? ` (presented ${waitedSeconds} s after a retry was answered, past the refresh grace)` : '';
    return `after the reuse${when} the newest access token answered 401 and the newest refresh token was refused`;
  },
};
