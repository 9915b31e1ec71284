import { fail, type Check } from '../../check.js';
import { cite } from '../../http.js';
import { formatRateLimit } from '../../options.js';
import { earlyBelow, spentBefore } from '../../root-causes.js';
import { expectRateLimitBody } from '../shared/rate-limited.js';
import { firstExhaustion } from './budget.js';

export const mcpRateLimitEnforced: Check = {
  id: 'mcp-rate-limit-enforced',
  group: 'rate-limits',
  title: 'Spending the per-person budget gets 429 {"error": "rate_limit_exceeded"}',
  spec: 'section 8 (POST /: 180 per 60 s per user account), rules 1 and 5',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const rate = ctx.settings.mcpRateLimit;
    const { refused, admitted, sent } = await firstExhaustion(ctx);
    cite(...admitted.slice(-1), refused);
    expectRateLimitBody(refused, `request ${sent}`);
    // Every rate-limit check measures against this budget: a 429 well before it is spent is the root of their failures.
    const spent = spentBefore(ctx.http.history, refused, rate);
    if (spent < earlyBelow(rate)) {
      fail(`the deployment refused request ${sent} of this spending before the budget of ${formatRateLimit(rate)} was spent`);
    }
    return `${admitted.length} requests admitted, then 429 (budget ${formatRateLimit(rate)})`;
  },
};
