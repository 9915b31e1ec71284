import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import Database from 'better-sqlite3';
import { RateLogInUseError, RateStoreUnavailableError } from './errors.js';
import type { RateDecision, RateRule, SlidingLog } from './limiter.js';
import { MemoryLog } from './memory.js';
import { assertCount, assertNow, assertRule, windowStartMs } from './sliding-log.js';
import { batchWriter, tuneLogConnection, WriteBehindThread, type RateBatch } from './write-behind.js';

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
  /**
   * The store's SQLite file, where the log lived before it had a file of its own: its rate rows
   * are moved into this log's file, and its rate tables dropped, when the log opens.
   */
  readonly movingFrom?: string;
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
 * fifth of a `tools/call`). The writes run on a thread of their own (WriteBehindThread), so that
 * neither a batch nor a WAL checkpoint holds the requests; `flush()` and `close()` write on this
 * thread. A restart restores the windows from the file.
 *
 * Because the decisions live in one process, a second process on the same file would admit the
 * whole limit again: opening refuses while another live owner holds the file (`RateLogInUseError`);
 * several instances share their windows through Redis instead. What a crash can lose is what was
 * admitted since the last batch written, about `flushEveryMs` (100 ms): after a kill -9, those
 * few requests are forgotten, as a power cut could already forget the last commits of a WAL file
 * at `synchronous = NORMAL`.
 */
export class InProcessSlidingLog implements SlidingLog {
  readonly store: string;
  readonly #db: Database.Database;
  readonly #memory = new MemoryLog();
  readonly #owner = randomUUID();
  readonly #flushTimer: NodeJS.Timeout;
  readonly #write: (batch: RateBatch) => void;
  readonly #release: () => void;
  /** Absent for `:memory:`, which no other connection can open. */
  readonly #thread: WriteBehindThread | undefined;
  #pendingKeys: string[] = [];
  #pendingAts: number[] = [];
  /** The batch the thread is writing. */
  #writing: RateBatch | undefined;
  #longestWindowMs: number;
  /** The latest instant a request was decided at: windows are swept relative to it. */
  #latestMs = Number.NEGATIVE_INFINITY;
  #lastWriteMs = 0;
  #closed = false;

  constructor(path: string, options: InProcessSlidingLogOptions = {}) {
    this.store = `sqlite:${path}`;
    this.#longestWindowMs = options.retainMs ?? 0;
    const busyTimeoutMs = Math.trunc(options.busyTimeoutMs ?? 5000);
    const db = new Database(path);
    this.#db = db;
    try {
      tuneLogConnection(db, busyTimeoutMs);
      db.pragma('journal_mode = WAL');
      db.exec(SCHEMA);
      const staleMs = options.ownerStaleMs ?? 10_000;
      this.#claim(Date.now(), staleMs);
      if (options.movingFrom !== undefined) this.#moveFrom(options.movingFrom, staleMs);
      this.#restore();
    } catch (error) {
      db.close();
      if (error instanceof Database.SqliteError) throw new RateStoreUnavailableError(this.store, error.code, { cause: error });
      throw error;
    }

    this.#write = batchWriter(db, this.#owner);
    const forget = db.prepare('DELETE FROM rate_log_owner WHERE owner = ?');
    this.#release = () => void forget.run(this.#owner);
    this.#thread = path === ':memory:' ? undefined : new WriteBehindThread({ path, owner: this.#owner, busyTimeoutMs });

    const flushEveryMs = options.flushEveryMs ?? 100;
    this.#flushTimer = setInterval(() => this.#flushBehind(Date.now()), flushEveryMs);
    // The timer must not keep a process alive that has nothing else to do.
    this.#flushTimer.unref();
  }

  async consume(key: string, rule: RateRule, nowMs?: number, count = 1): Promise<RateDecision> {
    assertRule(rule);
    assertCount(count, rule);
    const now = nowMs ?? Date.now();
    assertNow(now);
    if (this.#closed) throw new RateStoreUnavailableError(this.store, 'closed');
    if (rule.windowMs > this.#longestWindowMs) this.#longestWindowMs = rule.windowMs;
    if (now > this.#latestMs) this.#latestMs = now;
    const decision = this.#memory.consume(key, rule, now, count);
    for (let i = 0; decision.allowed && i < count; i++) {
      this.#pendingKeys.push(key);
      this.#pendingAts.push(now);
    }
    return decision;
  }

  /** Writes what is pending now, here, after the batch the thread is writing (tests; `close` does it too). */
  flush(): void {
    if (this.#writing) this.#settleWriting(this.#writing, this.#thread!.awaitWrite());
    if (!this.#db.open) return;
    const batch = this.#takeBatch(Date.now());
    try {
      this.#write(batch);
    } catch (error) {
      this.#settle(batch, false);
      throw error;
    }
    this.#settle(batch, true);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#flushTimer);
    try {
      this.flush();
      this.#release();
    } finally {
      await this.#thread?.close();
      this.#db.close();
    }
  }

  /** The timer's flush: hands what is pending to the thread, unless it is still writing. */
  #flushBehind(nowMs: number): void {
    if (!this.#db.open || this.#writing) return;
    if (this.#pendingKeys.length === 0 && nowMs - this.#lastWriteMs < heartbeatEveryMs) return;
    const batch = this.#takeBatch(nowMs);
    if (this.#thread?.usable) {
      this.#writing = batch;
      void this.#thread.write(batch).then((written) => this.#settleWriting(batch, written));
      return;
    }
    try {
      this.#write(batch);
      this.#settle(batch, true);
    } catch (error) {
      // Kept for the next flush: the decisions in memory stay exact whatever the disk does.
      this.#settle(batch, false);
      if (!(error instanceof Database.SqliteError)) throw error;
    }
  }

  /** What is pending, as one batch, with the sweep and heartbeat of its transaction. */
  #takeBatch(nowMs: number): RateBatch {
    const keys = this.#pendingKeys;
    this.#pendingKeys = [];
    const ats = this.#pendingAts;
    this.#pendingAts = [];
    // Until a request has been decided, no window is known: restored rows stay.
    const sweeping = this.#longestWindowMs > 0;
    return {
      keys,
      ats,
      sweepBefore: sweeping ? windowStartMs(this.#latestMs, this.#longestWindowMs) : null,
      sweepLimit: Math.max(sweepBatch, 2 * keys.length),
      nowMs,
    };
  }

  /** The thread's batch, once: `flush()` may have waited for it before its answer arrived. */
  #settleWriting(batch: RateBatch, written: boolean): void {
    if (this.#writing !== batch) return;
    this.#writing = undefined;
    this.#settle(batch, written);
  }

  /** After a batch was written, or failed: then its requests are pending again, before the newer ones. */
  #settle(batch: RateBatch, written: boolean): void {
    if (!written) {
      this.#pendingKeys = [...batch.keys, ...this.#pendingKeys];
      this.#pendingAts = [...batch.ats, ...this.#pendingAts];
      return;
    }
    this.#lastWriteMs = batch.nowMs;
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

  /**
   * Moves the rate rows of the file the log lived in before (an upgraded deployment's store) into
   * this one, then drops them there. Rows are copied only into an empty log, so a start that dies
   * between the two commits copies nothing twice the next time: it only drops. An older server
   * still writing there would count on its own, so a live owner of that file stops the start.
   */
  #moveFrom(path: string, staleMs: number): void {
    const db = this.#db;
    db.prepare('ATTACH DATABASE ? AS moving').run(path);
    try {
      const tables = new Set(db.prepare("SELECT name FROM moving.sqlite_master WHERE type = 'table'").pluck().all() as string[]);
      if (!tables.has('rate_events')) return;
      db.transaction(() => {
        const holder = tables.has('rate_log_owner')
          ? (db.prepare('SELECT owner, pid, host, heartbeat_ms FROM moving.rate_log_owner WHERE id = 1').get() as OwnerRow | undefined)
          : undefined;
        if (holder && isLive(holder, Date.now(), staleMs)) throw new RateLogInUseError(`sqlite:${path}`, holder.pid, holder.host);
        if (db.prepare('SELECT count(*) FROM rate_events').pluck().get() !== 0) return;
        db.exec('INSERT INTO rate_events (key, at_ms) SELECT key, at_ms FROM moving.rate_events ORDER BY rowid');
      }).immediate();
      db.transaction(() => db.exec('DROP TABLE moving.rate_events; DROP TABLE IF EXISTS moving.rate_log_owner')).immediate();
    } finally {
      db.exec('DETACH DATABASE moving');
    }
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
