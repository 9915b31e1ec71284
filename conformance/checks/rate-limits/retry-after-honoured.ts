import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';
import { waitWithProgress } from '../../progress.js';
import { expectRetryAfter } from '../shared/rate-limited.js';
import { exhaustBudget } from './budget.js';

export const retryAfterHonoured: Check = {
  id: 'retry-after-honoured',
  group: 'rate-limits',
  title: 'A request sent after waiting Retry-After succeeds',
  spec: 'section 8 rules 3 and 5',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { refused, refusedAt } = await exhaustBudget(ctx, await ctx.connected());
    const seconds = expectRetryAfter(refused, ctx.settings.mcpRateLimit.windowSeconds, 'the 429');
    const waitMs = Math.max(0, refusedAt + seconds * 1000 + 250 - Date.now());
    await waitWithProgress(ctx.progress, `rate limited: waiting ${seconds} s as Retry-After asks`, waitMs);
    const after = await ctx.mcp.post(await ctx.connected(), ctx.mcp.envelope('ping'), { waitOutRateLimit: false });
    cite(refused, after);
    if (after.response.status !== 200) {
      fail(`a request ${seconds} s after the 429 (as Retry-After asked) got ${describeResponse(after)}`);
    }
    return `waited the ${seconds} s Retry-After asked, then the request was admitted`;
  },
};
