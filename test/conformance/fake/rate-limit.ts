import type { NextFunction, Request, Response } from 'express';
import type { Faults } from './faults.js';
import type { McpHostConfig } from './mcp-host.js';
import type { FakeRateDecision } from './sliding-log.js';
import type { FakeState } from './state.js';

/** survey-mcp's in-flight bound (src/limits/in-flight.ts): `limit` requests of one person at once, the rest waiting their turn for at most `waitMs`. */
export interface FakeInFlightRule {
  readonly limit: number;
  readonly waitMs: number;
}

/** survey-mcp's 4 at once, with a wait shorter than its 10 s, yet long beside the fake's quick answers (a burst of the whole budget is served well within it). */
export const FAKE_IN_FLIGHT: FakeInFlightRule = { limit: 4, waitMs: 3000 };

/** The turns of each person: how many run, and who waits for one (each hands its turn on when granted). */
export class FakeInFlight {
  readonly #running = new Map<string, number>();
  readonly #waiting = new Map<string, ((granted: boolean) => void)[]>();

  constructor(readonly rule: FakeInFlightRule) {}

  /** A turn for `key`, now or within the wait; false when the wait ran out. */
  acquire(key: string): Promise<boolean> {
    const running = this.#running.get(key) ?? 0;
    if (running < this.rule.limit) {
      this.#running.set(key, running + 1);
      return Promise.resolve(true);
    }
    const queue = this.#waiting.get(key) ?? [];
    this.#waiting.set(key, queue);
    return new Promise((resolve) => {
      const waiter = (granted: boolean): void => {
        clearTimeout(timer);
        resolve(granted);
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(waiter), 1);
        waiter(false);
      }, this.rule.waitMs);
      queue.push(waiter);
    });
  }

  /** Gives a turn back: straight to the first waiter, if any. */
  release(key: string): void {
    const next = this.#waiting.get(key)?.shift();
    if (next) return next(true);
    this.#running.set(key, (this.#running.get(key) ?? 1) - 1);
  }
}

/**
 * Before the body is read, as survey-mcp takes a POST's turn: the person of a live token waits
 * for a turn, held until the answer has gone, or gets the contract's 429 once the wait runs out.
 * Another token passes on, for the bearer check to refuse.
 */
export function inFlightTurn(inFlight: FakeInFlight | undefined, state: FakeState, faults: Faults) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const person = inFlight && token ? state.liveAccessToken(token, false)?.userId : undefined;
    if (!inFlight || person === undefined) return next();
    void inFlight.acquire(person).then((granted) => {
      if (!granted) {
        res.set('retry-after', '1').status(429).json(faults.inFlightRefusalBodyEmpty ? {} : { error: 'rate_limit_exceeded' });
        return;
      }
      res.once('close', () => inFlight.release(person));
      next();
    });
  };
}

/** Requests of each person in flight, for the `concurrencyCap` fault. */
const running = new Map<string, number>();

/** The `concurrencyCap` fault: a turn whose answer leaves 100 ms late, or 429 past the cap. */
export function holdTurn(res: Response, userId: string, cap: number): boolean {
  const count = running.get(userId) ?? 0;
  if (count >= cap) {
    res.set('retry-after', '1').status(429).json({ error: 'rate_limit_exceeded' });
    return false;
  }
  running.set(userId, count + 1);
  res.once('close', () => running.set(userId, (running.get(userId) ?? 1) - 1));
  const answer = res.json.bind(res);
  res.json = (body: unknown) => {
    setTimeout(() => answer(body), 100);
    return res;
  };
  return true;
}

export function admit(res: Response, config: Pick<McpHostConfig, 'faults' | 'mcpLimit'>, key: string): boolean {
  if (config.faults.mcpLimitSkipped) return true;
  const decision = config.mcpLimit.consume(key);
  if (config.faults.rateLimitHeaders) {
    res.set('x-ratelimit-limit', '180');
    res.set('x-ratelimit-remaining', String(decision.allowed ? decision.remaining : 0));
  }
  if (decision.allowed) return true;
  // The `retry-after-milliseconds` fault writes the window's unit.
  refuseOverLimit(res, config.faults.thirdSampleFault === 'retry-after-milliseconds' ? { ...decision, retryAfterSeconds: decision.retryAfterSeconds * 1000 } : decision, config.faults);
  return false;
}

/** When the last 429 left, for the `burst-429-without-retry-after` fault. */
let lastRefusalAt = 0;

export function refuseOverLimit(res: Response, decision: FakeRateDecision & { allowed: false }, faults: Faults): void {
  const retryAt = new Date(Date.now() + decision.retryAfterSeconds * 1000).toUTCString();
  // A limiter in front answers a burst's refusals, with no Retry-After.
  const inBurst = faults.freshFault === 'burst-429-without-retry-after' && Date.now() - lastRefusalAt < 50;
  // A proxy's overload answer to a burst's refusals: 503, no Retry-After.
  const inBurst503 = faults.sampleFault === 'burst-refused-503' && Date.now() - lastRefusalAt < 50;
  lastRefusalAt = Date.now();
  if (!inBurst && !inBurst503) res.set('retry-after', faults.retryAfterHttpDate ? retryAt : String(decision.retryAfterSeconds));
  res.status(inBurst503 ? 503 : 429);
  if (decision.repeated && faults.bareRepeatRefusals) res.end();
  else res.json({ error: 'rate_limit_exceeded' });
}
