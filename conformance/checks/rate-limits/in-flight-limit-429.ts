import { setTimeout as sleep } from 'node:timers/promises';
import { fail, skip, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { readyToken, tryToken } from '../../eras.js';
import { describeResponse } from '../../expect.js';
import { RequestFailed, type Exchange } from '../../http.js';
import { formatRateLimit } from '../../options.js';
import { waitWithProgress } from '../../progress.js';
import { rateLimitAnswerFault } from '../../rate-limit-answer.js';

/** How long the request past the bound is given to be refused: a deployment's queue wait (survey-mcp's is 10 s) and some. */
const REFUSAL_WAIT_MS = 15_000;

/** Between sending the held requests and the one more: they reach the deployment first. */
const SETTLE_MS = 1_000;

/**
 * Waits until the person's budget has room for `needed` more requests, counted from the run's
 * own requests with a token: the in-flight bound, not the rate limit, is to refuse.
 */
async function roomInBudget(ctx: CheckContext, needed: number): Promise<void> {
  const { limit, windowSeconds } = ctx.settings.mcpRateLimit;
  const windowMs = windowSeconds * 1000;
  const since = Date.now() - windowMs;
  const spent = ctx.http.history
    .filter((exchange) => exchange.request.url === ctx.target.mcpEndpoint && exchange.request.headers['authorization'] !== undefined && exchange.startedAt >= since)
    .map((exchange) => exchange.startedAt)
    .sort((a, b) => a - b);
  const toAgeOut = spent.length - (limit - needed);
  if (toAgeOut <= 0) return;
  const roomAt = spent[toAgeOut - 1]! + windowMs + 250;
  await waitWithProgress(ctx.progress, `letting ${toAgeOut} requests age out of the ${windowSeconds} s window`, Math.max(0, roomAt - Date.now()));
}

/** A request's answer, or the failure of one that got none (a timeout, a reset connection). */
type Outcome = Exchange | RequestFailed;

/** Any other error is the runner's own, and ends the check. */
const answered = (sent: Promise<Exchange>): Promise<Outcome> =>
  sent.catch((error: unknown) => {
    if (error instanceof RequestFailed) return error;
    throw error;
  });

const statuses = (outcomes: readonly Outcome[]): string =>
  outcomes.map((outcome) => (outcome instanceof RequestFailed ? `no answer (${outcome.reason})` : `HTTP ${outcome.response.status}`)).join(', ');

/**
 * Section 8 rule 5 binds every limit a deployment applies, its bound on one person's requests in
 * flight too. The runner holds `--mcp-in-flight` requests open (each body's last byte held back,
 * which a deployment that takes a turn before reading the body holds a turn for) and sends one
 * more: where it is refused, the refusal must be the contract's 429. None refused within the
 * wait: no such bound, or a larger one, and the rule has nothing to judge.
 */
export const inFlightLimit429: Check = {
  id: 'in-flight-limit-429',
  group: 'rate-limits',
  title: "A request past the person's in-flight bound gets 429 {\"error\": \"rate_limit_exceeded\"} with Retry-After 1..60",
  spec: 'section 8 rule 5 and the error table (7.1): every limit exceeded, the in-flight bound included',
  level: 'MUST',
  needsSignIn: true,
  refusedByOtherLimit: true,
  async run(ctx) {
    const held = ctx.settings.mcpInFlight;
    const rate = ctx.settings.mcpRateLimit;
    if (rate.limit <= held) {
      skip(`the budget of ${formatRateLimit(rate)} would refuse the ${held + 1} requests this sends before an in-flight bound of ${held} could (--mcp-in-flight)`);
    }
    const token = await readyToken(ctx);
    await roomInBudget(ctx, held + 1);
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holdMs = SETTLE_MS + REFUSAL_WAIT_MS + ctx.settings.timeoutMs;
    const holding = Array.from({ length: held }, () => answered(tryToken(ctx, token, { waitOutRateLimit: false, heldUntil: released, timeoutMs: holdMs })));
    let probe: Outcome;
    try {
      await sleep(SETTLE_MS);
      probe = await answered(tryToken(ctx, token, { waitOutRateLimit: false, timeoutMs: REFUSAL_WAIT_MS }));
    } finally {
      // The held bodies end: the deployment answers them and frees their turns.
      release();
    }
    const holds = await Promise.all(holding);
    const past = `request ${held + 1} (sent while ${held} were held open)`;
    const named: [Outcome, string][] = [...holds.map((hold, index): [Outcome, string] => [hold, `held request ${index + 1} of ${held}`]), [probe, past]];
    const refusals = named.filter((entry): entry is [Exchange, string] => !(entry[0] instanceof RequestFailed) && entry[0].response.status === 429);
    for (const [refusal, what] of refusals) {
      const fault = rateLimitAnswerFault(refusal);
      if (fault) fail(`${what} was refused with 429, but ${fault} (section 8 rule 5)`);
    }
    if (!(probe instanceof RequestFailed) && probe.response.status !== 200 && probe.response.status !== 429) {
      fail(`${past} got ${describeResponse(probe)}: a request over a limit is refused with 429 {"error": "rate_limit_exceeded"} (section 8 rule 5)`);
    }
    const heldAnswers = `the held ones: ${statuses(holds)}`;
    if (refusals.length === 0) {
      if (probe instanceof RequestFailed) skip(`${past} got no answer within ${REFUSAL_WAIT_MS / 1000} s (${probe.reason}) and no refusal: the deployment queues it; ${heldAnswers}`);
      skip(`${past} was served (HTTP 200 after ${(probe.durationMs / 1000).toFixed(1)} s): no in-flight bound of ${held} or fewer to judge (--mcp-in-flight); ${heldAnswers}`);
    }
    const [first, what] = refusals[0]!;
    return `${what} was refused after ${(first.durationMs / 1000).toFixed(1)} s with 429 {"error": "rate_limit_exceeded"}, Retry-After: ${first.response.headers['retry-after']}; ${refusals.length} refused in all; ${heldAnswers}`;
  },
};
