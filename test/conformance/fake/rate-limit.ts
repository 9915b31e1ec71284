import type { Response } from 'express';
import type { Faults } from './faults.js';
import type { McpHostConfig } from './mcp-host.js';
import type { FakeRateDecision } from './sliding-log.js';

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
  refuseOverLimit(res, decision, config.faults);
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
