/**
 * The pure part of the exact sliding log, shared by every backend (SQLite, Redis).
 *
 * Conventions, identical in every backend:
 * - A logged request at `atMs` lies inside the window at `nowMs` while `atMs > nowMs - windowMs`;
 *   it leaves the window (and frees its slot) at exactly `atMs + windowMs`.
 * - A request is admitted when fewer than `limit` logged requests lie inside the window; only
 *   admitted requests are logged.
 * - When refused, the next slot frees when the `limit`-th newest logged request leaves the window.
 *   With an unchanged rule that is the oldest one, since the log never holds more than `limit`.
 *   `count` requests at once (a batch's calls) fit when the `(limit − count + 1)`-th newest has left.
 */
import type { RateDecision, RateRule } from './limiter.js';

export const ADMITTED: RateDecision = Object.freeze({ allowed: true });

/** Rejects a rule that no caller should build: a programming error, hence `TypeError`. */
export function assertRule(rule: RateRule): void {
  if (!Number.isInteger(rule.limit) || rule.limit < 1) {
    throw new TypeError(`"limit" must be a positive integer, got ${String(rule.limit)}`);
  }
  if (!Number.isInteger(rule.windowMs) || rule.windowMs < 1) {
    throw new TypeError(`"windowMs" must be a positive integer, got ${String(rule.windowMs)}`);
  }
}

/** Rejects a count of requests to log at once that no rule could ever admit: 1 to `rule.limit`. */
export function assertCount(count: number, rule: RateRule): void {
  if (!Number.isInteger(count) || count < 1 || count > rule.limit) {
    throw new TypeError(`"count" must be an integer from 1 to the limit ${rule.limit}, got ${String(count)}`);
  }
}

/** Rejects a simulated clock reading that is not a finite number. */
export function assertNow(nowMs: number): void {
  if (!Number.isFinite(nowMs)) {
    throw new TypeError(`"nowMs" must be a finite number, got ${String(nowMs)}`);
  }
}

/** Logged requests at or before this instant have left the window. */
export function windowStartMs(nowMs: number, windowMs: number): number {
  return nowMs - windowMs;
}

/**
 * Whole seconds until the request logged at `oldestMs` leaves the window:
 * ceil((oldest + window − now) / 1000), clamped to 1..ceil(window / 1000) so a `Retry-After`
 * header is never 0 and never longer than the window.
 */
export function retryAfterSeconds(oldestMs: number, windowMs: number, nowMs: number): number {
  const seconds = Math.ceil((oldestMs + windowMs - nowMs) / 1000);
  return Math.min(Math.max(seconds, 1), Math.ceil(windowMs / 1000));
}

/**
 * The decision, given the `limit`-th newest logged request inside the window (`undefined` when
 * fewer than `limit` lie inside it).
 */
export function decide(limitthNewestMs: number | undefined, rule: RateRule, nowMs: number): RateDecision {
  if (limitthNewestMs === undefined) return ADMITTED;
  return { allowed: false, retryAfterSeconds: retryAfterSeconds(limitthNewestMs, rule.windowMs, nowMs) };
}
