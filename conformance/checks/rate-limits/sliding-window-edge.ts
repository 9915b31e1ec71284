import { setTimeout as sleep } from 'node:timers/promises';
import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite, type Exchange } from '../../http.js';
import { waitWithProgress } from '../../progress.js';

// Requests are stamped when sent; the server logs them a little later, so its window ends later.
const EDGE_SLACK_MS = 250;

export const slidingWindowEdge: Check = {
  id: 'sliding-window-edge',
  group: 'rate-limits',
  title: 'The window slides: no capacity returns at a clock edge before the oldest request ages out',
  spec: 'section 8 rule 3 (the window slides; no burst allowance); field notes: rate limits (exact sliding log)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { limit, windowSeconds } = ctx.settings.mcpRateLimit;
    const windowMs = windowSeconds * 1000;
    const ping = async (): Promise<Exchange> =>
      ctx.mcp.post(await ctx.connected(), ctx.mcp.envelope('ping'), { waitOutRateLimit: false });
    // An empty window first, so that every admission below is explained by this check's requests.
    await waitWithProgress(ctx.progress, `letting the ${windowSeconds} s window empty`, windowMs + EDGE_SLACK_MS);
    const firstSentAt = Date.now();
    const first = await ping();
    if (first.response.status !== 200) fail(`after a quiet window the first request got ${describeResponse(first)}`);
    // The rest of the budget half a window later: a fixed window's edge falls before or inside what follows.
    await waitWithProgress(ctx.progress, 'waiting half a window before the burst', Math.max(0, firstSentAt + windowMs / 2 - Date.now()));
    const burst = await Promise.all(Array.from({ length: limit - 1 }, ping));
    const refusedInBurst = burst.filter((exchange) => exchange.response.status !== 200);
    if (refusedInBurst[0]) {
      fail(`the whole budget may be spent at once, yet request ${limit - refusedInBurst.length + 1} of ${limit} got ${describeResponse(refusedInBurst[0])}`);
    }
    // Until the first request ages out the log holds the whole budget: nothing may be admitted.
    const agesOutAt = firstSentAt + windowMs;
    while (Date.now() < agesOutAt - EDGE_SLACK_MS) {
      const probe = await ping();
      if (probe.response.status === 200) {
        cite(first, probe);
        fail(
          `${limit} requests were admitted within the last ${((Date.now() - firstSentAt) / 1000).toFixed(1)} s, and one more was admitted ${((agesOutAt - Date.now()) / 1000).toFixed(1)} s before the oldest aged out: capacity returned at a window edge`,
        );
      }
      if (probe.response.status !== 429) fail(`while the budget was spent a request got ${describeResponse(probe)}`);
      await sleep(Math.min(windowMs / 10, 1000));
    }
    return `${limit} requests over half a window, then nothing admitted until the oldest aged out ${windowSeconds} s after it was sent`;
  },
};
