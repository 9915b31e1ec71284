/** A budget of `limit` admitted requests in any sliding window of `windowMs` (both positive integers). */
export interface RateRule {
  readonly limit: number;
  readonly windowMs: number;
}

/** `retryAfterSeconds`: whole seconds until a slot frees, in 1..ceil(windowMs / 1000). */
export type RateDecision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * An exact sliding log: the timestamps of admitted requests per key. A request is admitted when
 * fewer than `rule.limit` admitted requests lie inside the last window; only admitted requests
 * are logged, so hammering during a block never extends it. Check-and-insert is atomic.
 */
export interface SlidingLog {
  /**
   * Admits and logs one request for `key`, or refuses it without logging it.
   * `nowMs` simulates the clock (tests); without it the store's clock is used (Redis: the
   * server's, so every instance agrees). `count` (default 1, at most `rule.limit`) admits and
   * logs that many requests at once, or none: a refusal's Retry-After is when all of them would
   * fit. Rejects with `TypeError` for an invalid rule, `nowMs` or `count`, and with
   * `RateStoreUnavailableError` (status 503) when the store cannot answer.
   */
  consume(key: string, rule: RateRule, nowMs?: number, count?: number): Promise<RateDecision>;
  /** Releases the connection; later calls to `consume` reject. Safe to call twice. */
  close(): Promise<void>;
}
