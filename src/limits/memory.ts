import type { RateDecision, RateRule } from './limiter.js';
import { ADMITTED, decide, windowStartMs } from './sliding-log.js';

/**
 * The exact sliding log as plain data in this process: per key, the instants of its admitted
 * requests in ascending order. Synchronous, so check-and-insert is atomic by construction (one
 * JavaScript turn), and costs about a microsecond where a SQLite transaction cost ~40 µs.
 *
 * Same conventions as every backend (sliding-log.ts). It keeps nothing outside this process:
 * `in-process.ts` writes it behind to SQLite and restores it at start.
 */
export class MemoryLog {
  readonly #logs = new Map<string, number[]>();

  /** Admits and logs `count` requests for `key` at `nowMs`, or refuses them all without logging any. */
  consume(key: string, rule: RateRule, nowMs: number, count = 1): RateDecision {
    let log = this.#logs.get(key);
    if (log === undefined) {
      log = [];
      this.#logs.set(key, log);
    }
    dropUntil(log, windowStartMs(nowMs, rule.windowMs));
    if (log.length + count > rule.limit) return decide(log[log.length + count - 1 - rule.limit], rule, nowMs);
    for (let i = 0; i < count; i++) insertSorted(log, nowMs);
    return ADMITTED;
  }

  /** Puts back requests admitted earlier (a restart restoring the windows). */
  restore(key: string, atMs: number): void {
    let log = this.#logs.get(key);
    if (log === undefined) {
      log = [];
      this.#logs.set(key, log);
    }
    insertSorted(log, atMs);
  }

  /** Forgets keys whose every request has left the longest window in use: memory stays bounded. */
  sweep(nowMs: number, longestWindowMs: number): void {
    const start = windowStartMs(nowMs, longestWindowMs);
    for (const [key, log] of this.#logs) {
      if (log.length === 0 || log[log.length - 1]! <= start) this.#logs.delete(key);
    }
  }

  /** How many keys are held (for tests and the sweep's bound). */
  get size(): number {
    return this.#logs.size;
  }
}

/** Removes the instants at or before `startMs` from the front of an ascending log. */
function dropUntil(log: number[], startMs: number): void {
  let expired = 0;
  while (expired < log.length && log[expired]! <= startMs) expired += 1;
  if (expired > 0) log.splice(0, expired);
}

/** Appends in the common case (time moves forward); a clock that stepped back still sorts. */
function insertSorted(log: number[], atMs: number): void {
  let index = log.length;
  while (index > 0 && log[index - 1]! > atMs) index -= 1;
  log.splice(index, 0, atMs);
}
