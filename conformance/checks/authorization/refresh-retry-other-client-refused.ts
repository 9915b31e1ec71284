import { type Check } from '../../check.js';
import { expectErrorBody } from '../../expect.js';
import { cite } from '../../http.js';
import { refreshRaw, secondClient } from './experiments.js';
import { expectWithinGrace, graceRetry } from './refresh-grace.js';

export const refreshRetryOtherClientRefused: Check = {
  id: 'refresh-retry-other-client-refused',
  group: 'authorization',
  title: 'Within the refresh grace, another client presenting the spent refresh token is refused',
  spec: 'RFC 6749 section 6 (the refresh token is bound to the client it was issued to); field notes: token endpoint',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    // Registered first: the grace is short, and registering is a request of its own.
    const other = await secondClient(ctx);
    const retry = await graceRetry(ctx);
    const replay = await refreshRaw(other, retry.spent);
    cite(replay);
    const what = "another client presenting the runner's spent refresh token within the grace";
    expectWithinGrace(ctx, retry, replay, what);
    expectErrorBody(replay, 400, 'invalid_grant', what);
    return "a retry within the grace was answered for the runner; another client's got 400 invalid_grant";
  },
};
