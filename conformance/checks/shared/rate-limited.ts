import { fail } from '../../check.js';
import { expectErrorBody, expectHeaderAbsent } from '../../expect.js';
import { header, retryAfterSeconds, type Exchange } from '../../http.js';

/** Section 8 rule 5: 429 with `{"error": "rate_limit_exceeded"}`. */
export function expectRateLimitBody(exchange: Exchange, what: string): void {
  expectErrorBody(exchange, 429, 'rate_limit_exceeded', what);
}

/** Section 8 rule 5: Retry-After in whole seconds, never longer than the window. */
export function expectRetryAfter(exchange: Exchange, windowSeconds: number, what: string): number {
  const raw = header(exchange, 'retry-after');
  if (raw === undefined) fail(`${what}: the 429 has no Retry-After header`);
  const seconds = retryAfterSeconds(exchange);
  if (seconds === undefined) fail(`${what}: Retry-After is "${raw}", not a whole number of seconds`);
  if (seconds < 1 || seconds > windowSeconds) {
    fail(`${what}: Retry-After is ${seconds}, outside 1..${windowSeconds} (the window is ${windowSeconds} s)`);
  }
  return seconds;
}

/** Section 8 rule 7: the remaining budget is not visible. */
export function expectNoRateLimitHeaders(exchange: Exchange, what: string): void {
  expectHeaderAbsent(exchange, /^x-ratelimit-/i, what);
}
