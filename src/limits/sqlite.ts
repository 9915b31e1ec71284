import Database from 'better-sqlite3';
import { RateStoreUnavailableError } from './errors.js';
import type { RateDecision, RateRule, SlidingLog } from './limiter.js';
import { ADMITTED, assertNow, assertRule, decide, windowStartMs } from './sliding-log.js';

export interface SqliteSlidingLogOptions {
  /**
   * How long a request waits for another connection's write lock before failing with
   * `rate store unavailable: sqlite:… (SQLITE_BUSY)`. It blocks this process's event loop while
   * it waits (better-sqlite3 is synchronous), but a transaction here lasts microseconds.
   */
  readonly busyTimeoutMs?: number;
  /** Every this many admitted requests, sweep rows of keys nobody asks about any more. */
  readonly sweepEvery?: number;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS rate_events (key TEXT NOT NULL, at_ms INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS rate_events_key_at_ms ON rate_events (key, at_ms);
`;

/** Rows looked at per sweep; bounds the cost of one sweep whatever the table's size. */
const SWEEP_BATCH = 1000;

/**
 * The exact sliding log in one SQLite file (or `:memory:`), in its own table `rate_events`.
 *
 * Each `consume` is one `BEGIN IMMEDIATE` transaction: prune the key's expired rows, look up the
 * `limit`-th newest row still inside the window, insert when there is none. IMMEDIATE takes the
 * write lock before the read, so connections in other processes on the same file serialise on
 * it (waiting up to `busy_timeout`) and together never admit more than the limit.
 *
 * A key's expired rows go on its next request. Rows of keys that never come back (an IP that
 * registered once) are swept every `sweepEvery` admits, older than the longest window this
 * instance has been asked for: instances sharing a file should use the same rules.
 */
export class SqliteSlidingLog implements SlidingLog {
  readonly store: string;
  readonly #db: Database.Database;
  readonly #step: Database.Transaction<(key: string, rule: RateRule, nowMs: number) => RateDecision>;
  readonly #sweepEvery: number;
  #admits = 0;
  #longestWindowMs = 0;

  constructor(path: string, options: SqliteSlidingLogOptions = {}) {
    this.store = `sqlite:${path}`;
    this.#sweepEvery = options.sweepEvery ?? 1000;
    const db = new Database(path);
    this.#db = db;
    // First, so that setting WAL and creating the table also wait for another process's lock.
    db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
    // WAL: readers never block the writer, and a commit appends to the log without rewriting
    // pages in place. (`:memory:` keeps its own journal mode; WAL does not apply there.)
    db.pragma('journal_mode = WAL');
    // NORMAL under WAL: a commit no longer waits for an fsync (only checkpoints do), which is
    // most of the ~69 µs per write the design notes measured. The file stays consistent through
    // any crash; a power cut can lose the last few commits, i.e. forget a few admitted requests
    // of the last moments before the machine went down. A rate log can afford that.
    db.pragma('synchronous = NORMAL');
    db.exec(SCHEMA);

    const prune = db.prepare('DELETE FROM rate_events WHERE key = ? AND at_ms <= ?');
    const limitthNewest = db
      .prepare(
        'SELECT at_ms FROM rate_events WHERE key = ? AND at_ms > ? ORDER BY at_ms DESC LIMIT 1 OFFSET ?',
      )
      .pluck();
    const insert = db.prepare('INSERT INTO rate_events (key, at_ms) VALUES (?, ?)');
    // Looks only at the oldest rows by rowid (insertion order), so its cost is bounded.
    const sweep = db.prepare(
      'DELETE FROM rate_events WHERE rowid IN (SELECT rowid FROM rate_events ORDER BY rowid LIMIT ?) AND at_ms <= ?',
    );

    this.#step = db.transaction((key: string, rule: RateRule, nowMs: number): RateDecision => {
      const start = windowStartMs(nowMs, rule.windowMs);
      prune.run(key, start);
      const blocking = limitthNewest.get(key, start, rule.limit - 1) as number | undefined;
      if (blocking !== undefined) return decide(blocking, rule, nowMs);
      insert.run(key, nowMs);
      this.#admits += 1;
      if (this.#admits % this.#sweepEvery === 0) {
        sweep.run(SWEEP_BATCH, windowStartMs(nowMs, this.#longestWindowMs));
      }
      return ADMITTED;
    });
  }

  async consume(key: string, rule: RateRule, nowMs?: number): Promise<RateDecision> {
    assertRule(rule);
    const now = nowMs ?? Date.now();
    assertNow(now);
    if (!this.#db.open) throw new RateStoreUnavailableError(this.store, 'closed');
    if (rule.windowMs > this.#longestWindowMs) this.#longestWindowMs = rule.windowMs;
    try {
      return this.#step.immediate(key, rule, now);
    } catch (error) {
      if (error instanceof Database.SqliteError) {
        throw new RateStoreUnavailableError(this.store, error.code, { cause: error });
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}

/** Opens (creating if needed) the sliding log in the SQLite file at `path`, or `':memory:'`. */
export function openSqliteSlidingLog(path: string, options?: SqliteSlidingLogOptions): SqliteSlidingLog {
  return new SqliteSlidingLog(path, options);
}
