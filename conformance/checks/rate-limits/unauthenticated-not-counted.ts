import { fail, type Check } from '../../check.js';
import { cheapestRequest, erasToTry } from '../../each-era.js';
import { readyToken } from '../../eras.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';
import { exhaustBudget } from './budget.js';

export const unauthenticatedNotCounted: Check = {
  id: 'unauthenticated-not-counted',
  group: 'rate-limits',
  title: 'Requests without a token are rejected before the throttle, in each era offered',
  spec: 'section 8 rule 4',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { refused } = await exhaustBudget(ctx, await readyToken(ctx));
    const eras = await erasToTry(ctx);
    for (const era of eras) {
      const anonymous = await cheapestRequest(ctx, era, undefined, { waitOutRateLimit: false });
      cite(refused, anonymous);
      if (anonymous.response.status !== 401) {
        fail(`${era}: while the person was rate limited, a request without a token got ${describeResponse(anonymous)}, expected 401`);
      }
    }
    return `${eras.join(' and ')}: a request without a token got 401, not 429, while the person was limited`;
  },
};
