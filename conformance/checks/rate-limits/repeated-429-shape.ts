import { fail, type Check } from '../../check.js';
import { cite, type Exchange } from '../../http.js';
import { expectNoRateLimitHeaders, expectRateLimitBody, expectRetryAfter } from '../shared/rate-limited.js';
import { exhaustBudget } from './budget.js';
import { cheapestRequest, erasToTry } from '../../each-era.js';
import { readyToken } from '../../eras.js';

const FOLLOW_UPS = 3;

export const repeated429Shape: Check = {
  id: 'repeated-429-shape',
  group: 'rate-limits',
  title: 'Every 429 while limited has the error body and Retry-After, not only the first, in each era offered',
  spec: 'section 8 rule 5; section 7.1',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const token = await readyToken(ctx);
    const { refused, refusedEra } = await exhaustBudget(ctx, token);
    // The budget is the person's, whatever the era (section 8): the follow-ups take turns in each era offered.
    const eras = await erasToTry(ctx);
    const refusals: Array<[string, Exchange]> = [[`${refusedEra ? `${refusedEra}: ` : ''}refusal 1 in a row`, refused]];
    for (let sent = 0; sent < FOLLOW_UPS * eras.length; sent += 1) {
      const era = eras[sent % eras.length]!;
      const exchange = await cheapestRequest(ctx, era, token, { waitOutRateLimit: false });
      if (exchange.response.status === 429) refusals.push([`${era}: refusal ${refusals.length + 1} in a row`, exchange]);
    }
    cite(...refusals.map(([, exchange]) => exchange));
    const unrefused = eras.filter((era) => !refusals.some(([what]) => what.startsWith(`${era}:`)));
    if (unrefused.length > 0) fail(`${unrefused.join(' and ')}: of ${FOLLOW_UPS} requests sent right after a 429 none was refused, so no repeated refusal could be seen`);
    const { windowSeconds } = ctx.settings.mcpRateLimit;
    for (const [what, exchange] of refusals) {
      expectRateLimitBody(exchange, what);
      expectRetryAfter(exchange, windowSeconds, what);
      expectNoRateLimitHeaders(exchange, what);
    }
    return `${refusals.length} refusals in a row (${eras.join(' and ')}), each 429 {"error": "rate_limit_exceeded"} with Retry-After`;
  },
};
