import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';
import { waitWithProgress } from '../../progress.js';
import { expectRetryAfter } from '../shared/rate-limited.js';
import { exhaustBudget } from './budget.js';
import { readyToken, tryToken } from '../../eras.js';

export const retryAfterHonoured: Check = {
  id: 'retry-after-honoured',
  group: 'rate-limits',
  title: 'A request sent after waiting Retry-After succeeds',
  spec: 'section 8 rules 3 and 5',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { refused, refusedAt } = await exhaustBudget(ctx, await readyToken(ctx));
    const seconds = expectRetryAfter(refused, ctx.settings.mcpRateLimit.windowSeconds, 'the 429');
    const waitMs = Math.max(0, refusedAt + seconds * 1000 + 250 - Date.now());
    await waitWithProgress(ctx.progress, `rate limited: waiting ${seconds} s as Retry-After asks`, waitMs);
    const after = await tryToken(ctx, await readyToken(ctx), { waitOutRateLimit: false });
    cite(refused, after);
    if (after.response.status !== 200) {
      fail(`a request ${seconds} s after the 429 (as Retry-After asked) got ${describeResponse(after)}`);
    }
    return `waited the ${seconds} s Retry-After asked, then the request was admitted`;
  },
};
