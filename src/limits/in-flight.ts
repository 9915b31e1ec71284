import type { RateRule } from './limiter.js';

/**
 * How many requests one key (a person) may have in this process at once. The rate limit counts
 * requests over a minute; this bounds how many run together, so that one person's expensive
 * calls cannot hold the event loop for everyone else. Requests over the limit wait their turn in
 * a queue, for at most `waitMs`; past that, or with the queue full, they are refused.
 */
export interface InFlightRule {
  /** Requests of one key running at once. */
  readonly limit: number;
  /** Requests of one key waiting for a turn; more are refused at once. */
  readonly queue: number;
  /** The longest a request waits for its turn. */
  readonly waitMs: number;
}

/** MCP requests one person may have running at once, unless `--mcp-in-flight` says otherwise. */
export const defaultMcpInFlightLimit = 4;

/**
 * The longest a request waits for its turn before its 429: shorter than the connection's request
 * timeout (30 s, limits/connections.ts), so a queued request is answered, never timed out.
 */
export const inFlightWaitMs = 10_000;

/**
 * `limit` running per key; the rest of the person's rate budget may wait, each request at most
 * `inFlightWaitMs`: spec 8 rule 3 lets the whole budget be sent at once, so all of it is queued
 * and served in turn as long as the turns come within the wait (the queue can never hold more
 * than the rate limit admitted).
 */
export const inFlightRule = (limit: number, rate: RateRule): InFlightRule => ({ limit, queue: rate.limit, waitMs: inFlightWaitMs });

/** Gives the turn back; calling it again does nothing. */
export type Release = () => void;

interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

interface Waiter {
  grant(release: Release): void;
}

interface KeyState {
  running: number;
  readonly waiting: Waiter[];
}

const realTimers: Timers = {
  // A waiting request does not keep a closing process alive.
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class InFlightLimit {
  /** Only keys with a request running: memory is bounded by the requests in flight. */
  readonly #keys = new Map<string, KeyState>();

  constructor(
    readonly rule: InFlightRule,
    private readonly timers: Timers = realTimers,
  ) {}

  /**
   * A turn for `key` (now or after a wait), or undefined when the request is refused or
   * `gone` fires while it waits (its client hung up: it leaves the queue at once).
   */
  acquire(key: string, gone?: AbortSignal): Promise<Release | undefined> {
    if (gone?.aborted) return Promise.resolve(undefined);
    let state = this.#keys.get(key);
    if (!state) {
      state = { running: 0, waiting: [] };
      this.#keys.set(key, state);
    }
    if (state.running < this.rule.limit) {
      state.running++;
      return Promise.resolve(this.#releaser(key, state));
    }
    if (state.waiting.length >= this.rule.queue) return Promise.resolve(undefined);
    const queue = state.waiting;
    return new Promise((resolve) => {
      const leave = () => {
        this.timers.clearTimeout(timer);
        gone?.removeEventListener('abort', leave);
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
        resolve(undefined);
      };
      const waiter: Waiter = {
        grant: (release) => {
          this.timers.clearTimeout(timer);
          gone?.removeEventListener('abort', leave);
          resolve(release);
        },
      };
      const timer = this.timers.setTimeout(leave, this.rule.waitMs);
      gone?.addEventListener('abort', leave, { once: true });
      queue.push(waiter);
    });
  }

  /** Requests of `key` running now (for tests). */
  running(key: string): number {
    return this.#keys.get(key)?.running ?? 0;
  }

  /** Requests of `key` waiting for a turn (for tests). */
  waiting(key: string): number {
    return this.#keys.get(key)?.waiting.length ?? 0;
  }

  #releaser(key: string, state: KeyState): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The turn passes straight to the first waiter, so `running` stays as it is.
      const next = state.waiting.shift();
      if (next) return next.grant(this.#releaser(key, state));
      state.running--;
      if (state.running === 0) this.#keys.delete(key);
    };
  }
}
