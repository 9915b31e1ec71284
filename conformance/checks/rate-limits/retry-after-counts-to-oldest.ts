import { fail, type Check } from '../../check.js';
import { cite, retryAfterSeconds } from '../../http.js';
import { answeredAt, stagedSpending } from './staged-spending.js';

export const retryAfterCountsToOldest: Check = {
  id: 'retry-after-counts-to-oldest',
  group: 'rate-limits',
  title: 'Retry-After counts to when the oldest request ages out, not a whole window',
  spec: 'section 8 rules 3 and 5; field notes: rate limits (Retry-After = oldest + window − now)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const windowMs = ctx.settings.mcpRateLimit.windowSeconds * 1000;
    const { first, probes } = await stagedSpending(ctx);
    // Until capacity first returns the oldest request is the first one. It reached the server
    // before its answer came back, and each probe after it was sent: so the honest wait is at
    // most this, rounded up to whole seconds.
    const returned = probes.findIndex((probe) => probe.response.status === 200);
    const refusals = probes
      .slice(0, returned === -1 ? probes.length : returned)
      .filter((probe) => probe.response.status === 429 && probe.startedAt < answeredAt(first) + windowMs);
    for (const refusal of refusals) {
      const announced = retryAfterSeconds(refusal);
      const honest = Math.ceil((answeredAt(first) + windowMs - refusal.startedAt) / 1000);
      if (announced !== undefined && announced > honest) {
        cite(first, refusal);
        fail(
          `${((refusal.startedAt - first.startedAt) / 1000).toFixed(1)} s after the oldest request, Retry-After was ${announced}; it ages out within ${honest} s`,
        );
      }
    }
    return `${refusals.length} refusals, each asking to wait no longer than until the oldest request ages out`;
  },
};
