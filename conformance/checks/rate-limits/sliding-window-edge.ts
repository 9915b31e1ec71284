import { setTimeout as sleep } from 'node:timers/promises';
import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite, type Exchange } from '../../http.js';
import { waitWithProgress } from '../../progress.js';

/** Probes per window while watching for capacity to come back. */
const PROBES_PER_WINDOW = 40;

/**
 * limit + 1 admissions that, measured on this side, lie less than a window apart: from the
 * first one's sending to the last one's answer. A sliding log never admits such a set, since
 * the server saw them even closer together; a fixed window, a counter or a bucket does.
 */
function crowdedWindow(admitted: readonly Exchange[], limit: number, windowMs: number): readonly Exchange[] | undefined {
  for (let first = 0; first + limit < admitted.length; first += 1) {
    const start = admitted[first];
    const end = admitted[first + limit];
    if (start && end && end.startedAt + end.durationMs - start.startedAt < windowMs) return admitted.slice(first, first + limit + 1);
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
    const windowMs = windowSeconds * 1000;
    const ping = async (): Promise<Exchange> =>
      ctx.mcp.post(await ctx.connected(), ctx.mcp.envelope('ping'), { waitOutRateLimit: false });
    // Connected first (initialize is a request too), then an empty window, so that every
    // admission below is this check's own.
    await ctx.connected();
    await waitWithProgress(ctx.progress, `letting the ${windowSeconds} s window empty`, windowMs);
    const first = await ping();
    if (first.response.status !== 200) fail(`after a quiet window the first request got ${describeResponse(first)}`);
    // The rest of the budget half a window later. Wherever a fixed window's edge falls, it
    // lies before the burst or in the half window after it, where the probes below find it.
    const halfway = first.startedAt + windowMs / 2;
    await waitWithProgress(ctx.progress, 'waiting half a window before the burst', Math.max(0, halfway - Date.now()));
    const burst = await Promise.all(Array.from({ length: limit - 1 }, ping));
    const refused = burst.find((exchange) => exchange.response.status !== 200);
    if (refused) fail(`the whole budget may be spent at once, yet part of it got ${describeResponse(refused)}`);
    const admitted = [first, ...burst];
    const stopAt = first.startedAt + windowMs * 1.25;
    while (Date.now() < stopAt) {
      const probe = await ping();
      if (probe.response.status === 200) admitted.push(probe);
      else if (probe.response.status !== 429) fail(`while the budget was spent a request got ${describeResponse(probe)}`);
      const crowded = crowdedWindow(admitted, limit, windowMs);
      if (crowded) {
        const [oldest] = crowded;
        const newest = crowded.at(-1);
        cite(...crowded);
        const spanSeconds = newest && oldest ? (newest.startedAt + newest.durationMs - oldest.startedAt) / 1000 : 0;
        fail(`${crowded.length} requests were admitted within ${spanSeconds.toFixed(2)} s, more than ${limit} per ${windowSeconds} s: capacity came back before the oldest request aged out (a window edge)`);
      }
      await sleep(windowMs / PROBES_PER_WINDOW);
    }
    return `${limit} requests over half a window; from then on never more than ${limit} admitted in any ${windowSeconds} s`;
  },
};
