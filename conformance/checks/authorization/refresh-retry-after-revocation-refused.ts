import { type Check } from '../../check.js';
import { expectErrorBody } from '../../expect.js';
import { cite } from '../../http.js';
import { revoke } from '../revocation/revocation.js';
import { refreshRaw } from './experiments.js';
import { expectWithinGrace, graceRetry } from './refresh-grace.js';

export const refreshRetryAfterRevocationRefused: Check = {
  id: 'refresh-retry-after-revocation-refused',
  group: 'authorization',
  title: 'Once the grant is revoked, a retry within the refresh grace is refused',
  spec: 'section 5.5 rules 1-2 (calling the revocation endpoint signs the client out immediately); field notes: token endpoint (the refresh grace, issue 23)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const retry = await graceRetry(ctx);
    await revoke(retry.client, retry.successor, 'refresh_token');
    const replay = await refreshRaw(retry.client, retry.spent);
    cite(replay);
    const what = 'presenting the spent refresh token within the grace, after its successor was revoked';
    expectWithinGrace(ctx, retry, replay, what);
    expectErrorBody(replay, 400, 'invalid_grant', what);
    return 'a retry within the grace was answered; after revoking the successor the same retry got 400 invalid_grant';
  },
};
