import { type Check } from '../../check.js';
import { cite } from '../../http.js';
import { expectRetryAfter } from '../shared/rate-limited.js';
import { firstExhaustion } from './budget.js';

export const retryAfterValid: Check = {
  id: 'retry-after-valid',
  group: 'rate-limits',
  title: 'A 429 carries Retry-After in whole seconds, never longer than the window',
  spec: 'section 8 rule 5',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { refused } = await firstExhaustion(ctx);
    cite(refused);
    const seconds = expectRetryAfter(refused, ctx.settings.mcpRateLimit.windowSeconds, 'the first 429');
    return `Retry-After: ${seconds} (window ${ctx.settings.mcpRateLimit.windowSeconds} s)`;
  },
};
