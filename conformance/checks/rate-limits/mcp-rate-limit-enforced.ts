import { type Check } from '../../check.js';
import { cite } from '../../http.js';
import { formatRateLimit } from '../../options.js';
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
    const { refused, admitted, sent } = await firstExhaustion(ctx);
    cite(...admitted.slice(-1), refused);
    expectRateLimitBody(refused, `request ${sent}`);
    return `${admitted.length} requests admitted, then 429 (budget ${formatRateLimit(ctx.settings.mcpRateLimit)})`;
  },
};
