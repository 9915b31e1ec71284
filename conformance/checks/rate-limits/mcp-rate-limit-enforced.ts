import { fail, type Check } from '../../check.js';
import { cite } from '../../http.js';
import { formatRateLimit } from '../../options.js';
import { earlyBelow, RATE_LIMIT_MISTOLD, shorterWindow, spentBefore } from '../../root-causes.js';
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
    const told = `the ${formatRateLimit(rate)} the runner was told`;
    const flag = "pass the deployment's own limit as --mcp-rate-limit LIMIT/SECONDS (what its operator configured, e.g. serve --mcp-rate-limit)";
    if (spent < earlyBelow(rate)) {
      fail(`the deployment refused request ${sent} of this spending, ${spent} in ${rate.windowSeconds} s, before the budget of ${told} was spent: its limit is stricter; ${flag}`, RATE_LIMIT_MISTOLD);
    }
    const shorter = shorterWindow(ctx.http.history, refused, rate);
    if (shorter) {
      fail(
        `the deployment's 429 asks to retry after ${shorter.retryAfter} s, where ${told} frees its oldest request only in ${shorter.expected} s: its window is shorter than told; ${flag}`,
        RATE_LIMIT_MISTOLD,
      );
    }
    return `${admitted.length} requests admitted, then 429 (budget ${formatRateLimit(rate)})`;
  },
};
