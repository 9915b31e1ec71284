import type { Faults } from './faults.js';

export interface FakeRateRule {
  readonly limit: number;
  readonly windowMs: number;
}

export type FakeRateDecision =
  | { readonly allowed: true; readonly remaining: number }
  /** `repeated`: the previous request of this key was refused too. */
  | { readonly allowed: false; readonly retryAfterSeconds: number; readonly repeated: boolean };

/** How often the `liveLogsSwept` fault forgets every log (our in-memory sweep runs every 100 ms). */
const LIVE_SWEEP_MS = 100;

/** The exact sliding log of the field notes, with the rate-limit faults built in. */
export class FakeSlidingLog {
  private readonly logs = new Map<string, number[]>();
  private readonly blockedUntil = new Map<string, number>();
  private readonly refusedLast = new Set<string>();
  private readonly blockStartedAt = new Map<string, number>();
  private sweptAt = 0;

  constructor(
    private readonly rule: FakeRateRule,
    private readonly faults: Faults,
    private readonly disabled: boolean,
  ) {}

  consume(key: string): FakeRateDecision {
    if (this.faults.freshFault === 'log-cleared-when-block-lifts' && this.refusedLast.has(key) && this.blockLifted(key)) this.logs.delete(key);
    const decision = this.decide(key);
    const repeated = this.refusedLast.has(key);
    if (decision.allowed) {
      this.refusedLast.delete(key);
      return decision;
    }
    this.refusedLast.add(key);
    const now = Date.now();
    if (!repeated) this.blockStartedAt.set(key, now);
    if (!this.faults.retryAfterFromFirstRefusal) return { ...decision, repeated };
    // A penalty box: a whole window from the first refusal, however old the oldest request.
    const blockEnd = (this.blockStartedAt.get(key) ?? now) + this.rule.windowMs;
    return { ...decision, repeated, retryAfterSeconds: Math.max(1, Math.ceil((blockEnd - now) / 1000)) };
  }

  /** Whether a refused key has room again: its oldest request aged out. */
  private blockLifted(key: string): boolean {
    const now = Date.now();
    return (this.logs.get(key) ?? []).filter((time) => time > now - this.rule.windowMs).length < this.rule.limit;
  }

  /** The `rate-check-then-record` fault: the admitted request is written to the log 50 ms after the count. */
  private recordLate(key: string, time: number): void {
    setTimeout(() => {
      const log = this.logs.get(key) ?? [];
      log.push(time);
      log.sort((a, b) => a - b);
      this.logs.set(key, log);
    }, 50);
  }

  private decide(key: string): FakeRateDecision {
    if (this.disabled) return { allowed: true, remaining: this.rule.limit };
    const now = Date.now();
    if (this.faults.penaltyExtends) {
      const until = this.blockedUntil.get(key) ?? 0;
      if (now < until) {
        // Every refused request restarts the penalty: exactly what section 8 rule 6 forbids.
        this.blockedUntil.set(key, now + this.rule.windowMs);
        return { allowed: false, retryAfterSeconds: Math.ceil(this.rule.windowMs / 1000), repeated: false };
      }
    }
    if (this.faults.liveLogsSwept && now - this.sweptAt >= LIVE_SWEEP_MS) {
      // Forgets the logs still inside the window instead of the idle ones: each budget starts over.
      this.sweptAt = now;
      this.logs.clear();
    }
    const clockWindowStart = now - (now % this.rule.windowMs);
    const inWindow = (time: number): boolean =>
      this.faults.fixedWindow ? time >= clockWindowStart : time > now - this.rule.windowMs;
    const log = (this.logs.get(key) ?? []).filter(inWindow);
    this.logs.set(key, log);
    if (log.length < this.rule.limit) {
      if (this.faults.freshFault === 'rate-check-then-record') this.recordLate(key, now);
      else log.push(now);
      return { allowed: true, remaining: this.rule.limit - log.length };
    }
    const oldest = log[0] ?? now;
    if (this.faults.penaltyExtends) this.blockedUntil.set(key, now + this.rule.windowMs);
    // A fixed window is honest about its own edge; a sliding log about its oldest request.
    const freedAt = this.faults.fixedWindow ? clockWindowStart + this.rule.windowMs : oldest + this.rule.windowMs;
    const honest = Math.max(1, Math.ceil((freedAt - now) / 1000));
    const retryAfterSeconds = this.faults.understateRetryAfter ? 1 : (this.faults.retryAfterSeconds ?? honest);
    return { allowed: false, retryAfterSeconds, repeated: false };
  }
}
