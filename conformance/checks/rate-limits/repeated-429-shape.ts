import { fail, type Check } from '../../check.js';
import { cite, type Exchange } from '../../http.js';
import { expectNoRateLimitHeaders, expectRateLimitBody, expectRetryAfter } from '../shared/rate-limited.js';
import { exhaustBudget } from './budget.js';
import { readyToken, tryToken } from '../../eras.js';

const FOLLOW_UPS = 3;

export const repeated429Shape: Check = {
  id: 'repeated-429-shape',
  group: 'rate-limits',
  title: 'Every 429 while limited has the error body and Retry-After, not only the first',
  spec: 'section 8 rule 5; section 7.1',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const token = await readyToken(ctx);
    const { refused } = await exhaustBudget(ctx, token);
    const refusals: Exchange[] = [refused];
    for (let sent = 0; sent < FOLLOW_UPS; sent += 1) {
      const exchange = await tryToken(ctx, token, { waitOutRateLimit: false });
      if (exchange.response.status === 429) refusals.push(exchange);
    }
    cite(...refusals);
    if (refusals.length < 2) fail(`of ${FOLLOW_UPS} requests sent right after a 429 none was refused, so no repeated refusal could be seen`);
    const { windowSeconds } = ctx.settings.mcpRateLimit;
    refusals.forEach((exchange, index) => {
      const what = `refusal ${index + 1} in a row`;
      expectRateLimitBody(exchange, what);
      expectRetryAfter(exchange, windowSeconds, what);
      expectNoRateLimitHeaders(exchange, what);
    });
    return `${refusals.length} refusals in a row, each 429 {"error": "rate_limit_exceeded"} with Retry-After`;
  },
};
