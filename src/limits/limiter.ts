/** A budget of `limit` admitted requests in any sliding window of `windowMs`. */
export interface RateRule {
  readonly limit: number;
  readonly windowMs: number;
}

export type RateDecision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * An exact sliding log: the timestamps of admitted requests per key. A request is admitted when
 * fewer than `rule.limit` admitted requests lie inside the last window; only admitted requests
 * are logged, so hammering during a block never extends it. Check-and-insert is atomic.
 */
export interface SlidingLog {
  consume(key: string, rule: RateRule, nowMs?: number): Promise<RateDecision>;
  close(): Promise<void>;
}
