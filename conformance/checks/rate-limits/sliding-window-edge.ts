import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite, type Exchange } from '../../http.js';
import { answeredAt, stagedSpending } from './staged-spending.js';

/**
 * limit + 1 admissions that, measured on this side, lie less than a window apart: from the
 * first one's sending to the last one's answer. A sliding log never admits such a set, since
 * the server saw them even closer together; a fixed window, a counter or a bucket does.
 */
function crowdedWindow(admitted: readonly Exchange[], limit: number, windowMs: number): readonly Exchange[] | undefined {
  for (let first = 0; first + limit < admitted.length; first += 1) {
    const start = admitted[first];
    const end = admitted[first + limit];
    if (start && end && answeredAt(end) - start.startedAt < windowMs) return admitted.slice(first, first + limit + 1);
  }
  return undefined;
}

export const slidingWindowEdge: Check = {
  id: 'sliding-window-edge',
  group: 'rate-limits',
  title: 'The window slides: a burst either side of a clock edge is not admitted twice',
  spec: 'section 8 rule 3 (the window slides; no burst allowance); field notes: rate limits (exact sliding log)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { limit, windowSeconds } = ctx.settings.mcpRateLimit;
    const { first, burst, probes } = await stagedSpending(ctx);
    // A burst refused in part is whole-budget-at-once's failure; the edge is judged on what was admitted.
    const odd = probes.find((exchange) => exchange.response.status !== 200 && exchange.response.status !== 429);
    if (odd) fail(`while the budget was spent a request got ${describeResponse(odd)}`);
    const admitted = [first, ...burst, ...probes].filter((exchange) => exchange.response.status === 200);
    const crowded = crowdedWindow(admitted, limit, windowSeconds * 1000);
    if (crowded) {
      const oldest = crowded[0] ?? first;
      const newest = crowded.at(-1) ?? first;
      cite(...crowded);
      fail(
        `${crowded.length} requests were admitted within ${((answeredAt(newest) - oldest.startedAt) / 1000).toFixed(2)} s, more than ${limit} per ${windowSeconds} s: capacity came back before the oldest request aged out (a window edge)`,
      );
    }
    return `${limit} requests over half a window; from then on never more than ${limit} admitted in any ${windowSeconds} s`;
  },
};
