import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';
import { stagedSpending } from './staged-spending.js';

/**
 * After one request in an empty window, the rest of the budget sent at the same moment (the
 * runner's HTTP client opens a connection for each request in flight): every one must be
 * served. A concurrency cap that refuses inside the budget, or a per-address socket cap that
 * resets connections, fails here.
 */
export const wholeBudgetAtOnce: Check = {
  id: 'whole-budget-at-once',
  group: 'rate-limits',
  title: 'The whole budget may be spent at once: the rest of it, sent at the same moment on separate connections, is served',
  spec: 'section 8 rule 3 (no separate burst allowance: the whole budget may be spent at once)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { burst } = await stagedSpending(ctx);
    const refused = burst.filter((exchange) => exchange.response.status !== 200);
    if (refused.length > 0) {
      cite(...refused.slice(0, 3));
      fail(
        `${refused.length} of the ${burst.length} requests sent at once, all inside the budget, were not served (the first got ${describeResponse(refused[0]!)}): a concurrency cap refuses inside the budget`,
      );
    }
    return `${burst.length} requests sent at once after one in an empty window: all served`;
  },
};
