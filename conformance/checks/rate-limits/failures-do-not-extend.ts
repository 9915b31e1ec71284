import { setTimeout as sleep } from 'node:timers/promises';
import { fail, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { describeResponse } from '../../expect.js';
import { retryAfterSeconds, type Exchange } from '../../http.js';
import { expectRetryAfter } from '../shared/rate-limited.js';
import { exhaustBudget } from './budget.js';
import { readyToken, tryToken } from '../../eras.js';

const HAMMER_INTERVAL_MS = 200;
// Retry-After is rounded up to whole seconds and measured on the server's clock.
const ROUNDING_SLACK_MS = 1500;
/** After the block lifts, probes come this often for this long: a refill inside the window shows as more admissions than places freed. */
const REFILL_PROBE_MS = 50;
const REFILL_WATCH_MS = 1000;
// Instances behind one limiter may read slightly different clocks: a request of the run this close
// to leaving the window is counted as gone.
const CLOCK_SLACK_MS = 250;

/**
 * Section 8 rule 3: capacity returns only as requests age out. The run's own admissions that are
 * still inside the window at `now` hold their places, whatever older requests of the person there
 * were; so at most limit minus that many requests may have been admitted since the first 429.
 */
function placesHeld(admitted: readonly Exchange[], windowMs: number, now: number): number {
  return admitted.filter((exchange) => exchange.startedAt + windowMs - CLOCK_SLACK_MS > now).length;
}

/** Once the block lifts: probes every REFILL_PROBE_MS for REFILL_WATCH_MS (or until the run's admissions have all left the window), failing on more admissions than places freed. */
async function watchRefill(ctx: CheckContext, admitted: readonly Exchange[], firstReadmittedAt: number): Promise<number> {
  const { limit, windowSeconds } = ctx.settings.mcpRateLimit;
  const windowMs = windowSeconds * 1000;
  let readmitted = 1;
  const check = (now: number): void => {
    const held = placesHeld(admitted, windowMs, now);
    if (readmitted + held > limit) {
      fail(
        `${readmitted} requests were admitted again by ${((now - firstReadmittedAt) / 1000).toFixed(2)} s after the block lifted, while ${held} of the ${admitted.length} the run spent the budget with were still inside the ${windowSeconds} s window: at most ${limit - held} places were free, the budget refilled inside the window`,
      );
    }
  };
  check(firstReadmittedAt);
  while (Date.now() < firstReadmittedAt + REFILL_WATCH_MS && placesHeld(admitted, windowMs, Date.now()) > 0) {
    await sleep(REFILL_PROBE_MS);
    const exchange = await tryToken(ctx, await readyToken(ctx), { waitOutRateLimit: false });
    if (exchange.response.status !== 200) continue;
    readmitted += 1;
    check(Date.now());
  }
  return readmitted;
}

export const failuresDoNotExtend: Check = {
  id: 'failures-do-not-extend',
  group: 'rate-limits',
  title: 'Requests refused while limited do not extend the penalty, and the block lifts only as places age out of the window',
  spec: 'section 8 rules 3 and 6',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { refused, refusedAt, admitted } = await exhaustBudget(ctx, await readyToken(ctx));
    const announced = expectRetryAfter(refused, ctx.settings.mcpRateLimit.windowSeconds, 'the first 429');
    const deadline = refusedAt + announced * 1000 + ROUNDING_SLACK_MS;
    const since = (time: number): string => `${((time - refusedAt) / 1000).toFixed(1)} s`;
    const stop = ctx.progress.countdown(`refused requests every ${HAMMER_INTERVAL_MS} ms until the block lifts`, deadline);
    let hammered = 0;
    try {
      while (Date.now() < deadline) {
        // Fetched each time: a deployment with short-lived tokens may need a renewal meanwhile.
        const token = await readyToken(ctx);
        const exchange = await tryToken(ctx, token, { waitOutRateLimit: false });
        const now = Date.now();
        hammered += 1;
        if (exchange.response.status === 200) {
          const readmitted = await watchRefill(ctx, admitted, now);
          return `Retry-After ${announced}; after ${hammered} refused requests the next was admitted at ${since(now)}; ${readmitted} admitted within ${REFILL_WATCH_MS / 1000} s of that, no more than the places freed`;
        }
        if (exchange.response.status !== 429) fail(`while limited a request got ${describeResponse(exchange)}`);
        const retryAfter = retryAfterSeconds(exchange);
        if (retryAfter !== undefined && now + retryAfter * 1000 > deadline) {
          fail(
            `the first 429 announced Retry-After ${announced}; after ${hammered} refused requests, at ${since(now)}, Retry-After was ${retryAfter}: the penalty grew`,
          );
        }
        await sleep(HAMMER_INTERVAL_MS);
      }
    } finally {
      stop();
    }
    fail(
      `the first 429 announced Retry-After ${announced}, yet ${since(Date.now())} later, after ${hammered} refused requests, the person was still refused`,
    );
  },
};
