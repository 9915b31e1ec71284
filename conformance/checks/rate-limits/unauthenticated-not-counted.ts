import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';
import { exhaustBudget } from './budget.js';
import { readyToken, tryToken } from '../../eras.js';

export const unauthenticatedNotCounted: Check = {
  id: 'unauthenticated-not-counted',
  group: 'rate-limits',
  title: 'Requests without a token are rejected before the throttle',
  spec: 'section 8 rule 4',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { refused } = await exhaustBudget(ctx, await readyToken(ctx));
    const anonymous = await tryToken(ctx, undefined, { waitOutRateLimit: false });
    cite(refused, anonymous);
    if (anonymous.response.status !== 401) {
      fail(`while the person was rate limited, a request without a token got ${describeResponse(anonymous)}, expected 401`);
    }
    return 'a request without a token got 401, not 429, while the person was limited';
  },
};
