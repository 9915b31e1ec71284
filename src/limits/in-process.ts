import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import Database from 'better-sqlite3';
import { RateLogInUseError, RateStoreUnavailableError } from './errors.js';
import type { RateDecision, RateRule, SlidingLog } from './limiter.js';
import { MemoryLog } from './memory.js';
import { assertNow, assertRule, windowStartMs } from './sliding-log.js';

export interface InProcessSlidingLogOptions {
  /**
   * The longest window any rule of this server uses. Until a rule is asked for, and after a
   * restart, nothing younger than this is swept, so a long window (the per-account sign-in
   * budget) survives a restart even before its first request.
   */
  readonly retainMs?: number;
  /** How often admitted requests are written behind to the file. */
  readonly flushEveryMs?: number;
  /** An owner that has not written for this long is gone (it crashed on another machine's mount). */
  readonly ownerStaleMs?: number;
  /** How long opening waits for another connection's write lock on the file. */
  readonly busyTimeoutMs?: number;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS rate_events (key TEXT NOT NULL, at_ms INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS rate_events_key_at_ms ON rate_events (key, at_ms);
  CREATE TABLE IF NOT EXISTS rate_log_owner (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    owner TEXT NOT NULL,
    pid INTEGER NOT NULL,
    host TEXT NOT NULL,
    heartbeat_ms INTEGER NOT NULL
  );
`;

const heartbeatEveryMs = 1000;
/** Rows looked at per sweep of the file, at least: bounds one flush whatever the table's size. */
const sweepBatch = 1000;

interface OwnerRow {
  owner: string;
  pid: number;
  host: string;
  heartbeat_ms: number;
}

/**
 * The exact sliding log of the process that owns a SQLite file: decided in memory (MemoryLog,
 * ~1 µs), and written behind to the file's `rate_events` table every `flushEveryMs` in one
 * transaction, where a log decided in SQLite paid a write transaction per request (~40 µs, a
 * fifth of a `tools/call`). A restart restores the windows from the file.
 *
 * Because the decisions live in one process, a second process on the same file would admit the
 * whole limit again: opening refuses while another live owner holds the file (`RateLogInUseError`);
 * several instances share their windows through Redis instead. What a crash can lose is what was
 * admitted in the last `flushEveryMs` (100 ms): after a kill -9, those few requests are forgotten,
 * as a power cut could already forget the last commits of a WAL file at `synchronous = NORMAL`.
 */
export class InProcessSlidingLog implements SlidingLog {
  readonly store: string;
  readonly #db: Database.Database;
  readonly #memory = new MemoryLog();
  readonly #owner = randomUUID();
  readonly #flushTimer: NodeJS.Timeout;
  readonly #write: (nowMs: number) => void;
  readonly #release: () => void;
  #pendingKeys: string[] = [];
  #pendingAts: number[] = [];
  #longestWindowMs: number;
  /** The latest instant a request was decided at: windows are swept relative to it. */
  #latestMs = Number.NEGATIVE_INFINITY;
  #lastWriteMs = 0;
  #closed = false;

  constructor(path: string, options: InProcessSlidingLogOptions = {}) {
    this.store = `sqlite:${path}`;
    this.#longestWindowMs = options.retainMs ?? 0;
    const db = new Database(path);
    this.#db = db;
    try {
      db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.exec(SCHEMA);
      this.#claim(Date.now(), options.ownerStaleMs ?? 10_000);
      this.#restore();
    } catch (error) {
      db.close();
      if (error instanceof Database.SqliteError) throw new RateStoreUnavailableError(this.store, error.code, { cause: error });
      throw error;
    }

    const insert = db.prepare('INSERT INTO rate_events (key, at_ms) VALUES (?, ?)');
    // The oldest rows by rowid (insertion order) that have left every window: bounded work.
    const sweep = db.prepare(
      'DELETE FROM rate_events WHERE rowid IN (SELECT rowid FROM rate_events ORDER BY rowid LIMIT ?) AND at_ms <= ?',
    );
    const heartbeat = db.prepare('UPDATE rate_log_owner SET heartbeat_ms = ? WHERE owner = ?');
    this.#write = db.transaction((nowMs: number) => {
      const keys = this.#pendingKeys;
      const ats = this.#pendingAts;
      for (let i = 0; i < keys.length; i++) insert.run(keys[i], ats[i]);
      // Until a request has been decided, no window is known: restored rows stay.
      if (this.#longestWindowMs > 0) {
        sweep.run(Math.max(sweepBatch, 2 * keys.length), windowStartMs(this.#latestMs, this.#longestWindowMs));
      }
      heartbeat.run(nowMs, this.#owner);
    });
    const forget = db.prepare('DELETE FROM rate_log_owner WHERE owner = ?');
    this.#release = () => void forget.run(this.#owner);

    const flushEveryMs = options.flushEveryMs ?? 100;
    this.#flushTimer = setInterval(() => this.#flush(Date.now(), false), flushEveryMs);
    // The timer must not keep a process alive that has nothing else to do.
    this.#flushTimer.unref();
  }

  async consume(key: string, rule: RateRule, nowMs?: number): Promise<RateDecision> {
    assertRule(rule);
    const now = nowMs ?? Date.now();
    assertNow(now);
    if (this.#closed) throw new RateStoreUnavailableError(this.store, 'closed');
    if (rule.windowMs > this.#longestWindowMs) this.#longestWindowMs = rule.windowMs;
    if (now > this.#latestMs) this.#latestMs = now;
    const decision = this.#memory.consume(key, rule, now);
    if (decision.allowed) {
      this.#pendingKeys.push(key);
      this.#pendingAts.push(now);
    }
    return decision;
  }

  /** Writes what is pending now (tests; `close` does it too). */
  flush(): void {
    this.#flush(Date.now(), true);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#flushTimer);
    try {
      this.#flush(Date.now(), true);
      this.#release();
    } finally {
      this.#db.close();
    }
  }

  #flush(nowMs: number, force: boolean): void {
    if (!this.#db.open) return;
    const idle = this.#pendingKeys.length === 0;
    if (idle && !force && nowMs - this.#lastWriteMs < heartbeatEveryMs) return;
    try {
      this.#write(nowMs);
    } catch (error) {
      // Kept for the next flush: the decisions in memory stay exact whatever the disk does.
      if (error instanceof Database.SqliteError && !force) return;
      throw error;
    }
    this.#pendingKeys = [];
    this.#pendingAts = [];
    this.#lastWriteMs = nowMs;
    if (this.#longestWindowMs > 0) this.#memory.sweep(this.#latestMs, this.#longestWindowMs);
  }

  /** Takes the file for this process, unless another live process holds it. */
  #claim(nowMs: number, staleMs: number): void {
    const db = this.#db;
    const current = db.prepare('SELECT owner, pid, host, heartbeat_ms FROM rate_log_owner WHERE id = 1');
    const take = db.prepare(
      'INSERT OR REPLACE INTO rate_log_owner (id, owner, pid, host, heartbeat_ms) VALUES (1, ?, ?, ?, ?)',
    );
    db.transaction(() => {
      const holder = current.get() as OwnerRow | undefined;
      if (holder && isLive(holder, nowMs, staleMs)) throw new RateLogInUseError(this.store, holder.pid, holder.host);
      take.run(this.#owner, process.pid, hostname(), nowMs);
    }).immediate();
  }

  /** Every row: the sweep keeps only what may still lie in a window, and `consume` drops the rest. */
  #restore(): void {
    const rows = this.#db.prepare('SELECT key, at_ms FROM rate_events ORDER BY rowid').raw().iterate() as IterableIterator<
      [string, number]
    >;
    for (const [key, atMs] of rows) this.#memory.restore(key, atMs);
  }
}

/** A holder that wrote recently and, on this machine, whose process still runs. */
function isLive(holder: OwnerRow, nowMs: number, staleMs: number): boolean {
  if (holder.heartbeat_ms <= nowMs - staleMs) return false;
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Opens the in-process sliding log on the SQLite file at `path`, or `':memory:'`. */
export function openInProcessSlidingLog(path: string, options?: InProcessSlidingLogOptions): InProcessSlidingLog {
  return new InProcessSlidingLog(path, options);
}
