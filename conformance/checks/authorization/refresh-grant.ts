import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';
import { refreshRun } from './experiments.js';

export const refreshGrant: Check = {
  id: 'refresh-grant',
  group: 'authorization',
  title: 'The refresh_token grant renews the access token, and the new one works',
  spec: 'section 5.3 step 5; section 2.2',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { refresh, refreshedUse } = await refreshRun(ctx);
    cite(...refresh, refreshedUse);
    if (refreshedUse.response.status !== 200) {
      fail(`the renewed access token was refused: ${describeResponse(refreshedUse)}`);
    }
    return 'the refresh_token grant issued an access token that the MCP endpoint accepts';
  },
};
