import { type Check } from '../../check.js';
import { cite } from '../../http.js';
import { expectNoRateLimitHeaders } from '../shared/rate-limited.js';
import { firstExhaustion } from './budget.js';

export const noRateLimitHeaders: Check = {
  id: 'no-rate-limit-headers',
  group: 'rate-limits',
  title: 'No X-RateLimit-* headers reveal the remaining budget',
  spec: 'section 8 rule 7',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { refused, admitted } = await firstExhaustion(ctx);
    // Every answer of the spending is read (the eras offered took turns); the evidence cites a few.
    const inspected = [...admitted, refused];
    cite(...admitted.slice(0, 2), ...admitted.slice(2).slice(-1), refused);
    for (const exchange of inspected) {
      expectNoRateLimitHeaders(exchange, `a response with HTTP ${exchange.response.status}`);
    }
    return `no X-RateLimit-* on ${inspected.length} responses (admitted and refused)`;
  },
};
