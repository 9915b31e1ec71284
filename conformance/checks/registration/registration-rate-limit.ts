import { type Check, fail, notVerified } from '../../check.js';
import { register, registrationRequest } from '../../client.js';
import { describeResponse } from '../../expect.js';
import { jsonBody, type Exchange } from '../../http.js';
import { formatRateLimit, type RateLimit } from '../../options.js';
import type { CheckContext } from '../../context.js';
import { DEFAULT_REDIRECT_URI } from '../../sign-in.js';
import { expectNoRateLimitHeaders, expectRateLimitBody, expectRetryAfter } from '../shared/rate-limited.js';

/** An address of TEST-NET-3 (RFC 5737): no client of the deployment has it. */
const FORGED_ADDRESS = '203.0.113.7';

export const registrationRateLimit: Check = {
  id: 'registration-rate-limit',
  group: 'registration',
  title: 'Registration is limited per IP address with 429 and Retry-After, whatever X-Forwarded-For the client sends',
  spec: 'section 8 (POST /register: 20 per 60 s per client IP); RFC 9700 section 4.13 (inbound X-Forwarded-For sanitized)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const rate = spendableRegisterBudget(ctx);
    const request = registrationRequest('survey-mcp conformance (rate limit)', [DEFAULT_REDIRECT_URI]);
    const json = jsonBody(request);
    const startedAt = Date.now();
    for (let sent = 1; sent <= rate.limit + 1; sent += 1) {
      const exchange = await register(ctx.http, ctx.target.registrationEndpoint, request);
      if (exchange.response.status === 429) {
        // The next attempt is refused too, and must say so in the same shape.
        const again = await register(ctx.http, ctx.target.registrationEndpoint, request);
        const seconds = expectRefusal(exchange, `registration ${sent}`, rate.windowSeconds);
        expectRefusal(again, `registration ${sent + 1}, right after the 429`, rate.windowSeconds);
        // The address is the connection's, or what the deployment's own proxy saw: a header the client wrote buys no budget.
        const forged = await ctx.http.send({ method: 'POST', url: ctx.target.registrationEndpoint, headers: { ...json.headers, accept: 'application/json', 'x-forwarded-for': FORGED_ADDRESS }, body: json.body });
        expectRefusal(forged, `registration ${sent + 2}, right after, with X-Forwarded-For: ${FORGED_ADDRESS}`, rate.windowSeconds);
        return `registrations ${sent} and ${sent + 1} got 429 with Retry-After (${seconds} s first), and so did one naming another address in X-Forwarded-For`;
      }
      if (exchange.response.status >= 300) fail(`registration ${sent} answered ${describeResponse(exchange)}`);
    }
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    fail(`${rate.limit + 1} registrations in ${seconds} s were all accepted; the limit is ${formatRateLimit(rate)}`);
  },
};

/** The registration budget, when the run was allowed to spend this machine's (--include-register-limit). */
export function spendableRegisterBudget(ctx: Pick<CheckContext, 'settings'>): RateLimit {
  const rate = ctx.settings.registerRateLimit;
  if (!ctx.settings.includeRegisterLimit) {
    notVerified(`it spends this machine's registration budget (${formatRateLimit(rate)}); pass --include-register-limit`);
  }
  return rate;
}

function expectRefusal(exchange: Exchange, what: string, windowSeconds: number): number {
  expectRateLimitBody(exchange, what);
  const seconds = expectRetryAfter(exchange, windowSeconds, what);
  expectNoRateLimitHeaders(exchange, what);
  return seconds;
}
