import { setTimeout as sleep } from 'node:timers/promises';
import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { retryAfterSeconds } from '../../http.js';
import { expectRetryAfter } from '../shared/rate-limited.js';
import { exhaustBudget } from './budget.js';
import { readyToken, tryToken } from '../../eras.js';

const HAMMER_INTERVAL_MS = 200;
// Retry-After is rounded up to whole seconds and measured on the server's clock.
const ROUNDING_SLACK_MS = 1500;

export const failuresDoNotExtend: Check = {
  id: 'failures-do-not-extend',
  group: 'rate-limits',
  title: 'Requests refused while limited do not extend the penalty',
  spec: 'section 8 rules 3 and 6',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { refused, refusedAt } = await exhaustBudget(ctx, await readyToken(ctx));
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
          return `Retry-After ${announced}; after ${hammered} refused requests the next was admitted at ${since(now)}`;
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
