import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** Admitted requests to write to `rate_events`, with the sweep and the heartbeat of the same transaction. */
export interface RateBatch {
  readonly keys: readonly string[];
  readonly ats: readonly number[];
  /** Rows at or before this instant may go, up to `sweepLimit` of the oldest; null: sweep nothing yet. */
  readonly sweepBefore: number | null;
  readonly sweepLimit: number;
  readonly nowMs: number;
}

export interface WriterSettings {
  readonly path: string;
  readonly owner: string;
  readonly busyTimeoutMs: number;
}

/**
 * One batch's transaction on `db`: the admitted requests, the sweep, the heartbeat. Used on the
 * log's own connection (flush, close) and in the thread, which gets it as source text: it must
 * use nothing from this module's scope.
 */
export function batchWriter(db: Database.Database, owner: string): (batch: RateBatch) => void {
  const insert = db.prepare('INSERT INTO rate_events (key, at_ms) VALUES (?, ?)');
  // The oldest rows by rowid (insertion order) that have left every window: bounded work.
  const sweep = db.prepare('DELETE FROM rate_events WHERE rowid IN (SELECT rowid FROM rate_events ORDER BY rowid LIMIT ?) AND at_ms <= ?');
  const heartbeat = db.prepare('UPDATE rate_log_owner SET heartbeat_ms = ? WHERE owner = ?');
  return db.transaction((batch: RateBatch) => {
    for (let i = 0; i < batch.keys.length; i++) insert.run(batch.keys[i], batch.ats[i]);
    if (batch.sweepBefore !== null) sweep.run(batch.sweepLimit, batch.sweepBefore);
    heartbeat.run(batch.nowMs, owner);
  });
}

/**
 * The settings of each of the log's connections (the thread gets this as source text too, so it
 * uses nothing from this module's scope). Its page cache is 1 MiB: better-sqlite3 builds SQLite
 * with 16 MiB a connection, which the log's pages filled (the writer thread's connection held 10–22
 * MB of resident memory under load), while a batch touches a few hundred KiB (the newest end of
 * the table and of its index, and the oldest rows the sweep removes).
 */
export function tuneLogConnection(db: Database.Database, busyTimeoutMs: number): void {
  db.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -1024');
}

const idle = 0;
const busy = 1;
const failed = 2;
/** Longer than any write can take (busy timeout included) short of a thread that is gone. */
const awaitLimitMs = 60_000;

/**
 * The body of the writer thread. It is sent to the thread as its source text (`eval`), so it runs
 * the same from dist/ and from the TypeScript sources under test, and must use nothing from this
 * module's scope: what it needs comes as arguments and in `workerData`. It marks each batch
 * written (`idle`) or `failed` in the shared state, wakes whoever waits on it, and answers.
 */
function writerThread(load: (id: string) => unknown, writer: typeof batchWriter, tune: typeof tuneLogConnection): void {
  const { parentPort, workerData } = load('node:worker_threads') as typeof import('node:worker_threads');
  const { settings, state, driver } = workerData as { settings: WriterSettings; state: Int32Array; driver: string };
  let write: ((batch: RateBatch) => void) | undefined;
  try {
    const Database = load(driver) as typeof import('better-sqlite3');
    const db = new Database(settings.path);
    tune(db, settings.busyTimeoutMs);
    write = writer(db, settings.owner);
  } catch {
    // Every batch is then answered as failed, and stays with the log for its next flush.
  }
  parentPort!.on('message', (batch: RateBatch) => {
    let outcome = 2;
    try {
      write!(batch);
      outcome = 0;
    } catch {
      // The batch stays with the log for its next flush.
    }
    Atomics.store(state, 0, outcome);
    Atomics.notify(state, 0);
    parentPort!.postMessage(outcome);
  });
}

/**
 * Writes the rate log's batches from a thread of its own, on its own connection to the file: a
 * batch of a thousand rows takes 2–3 ms, and a WAL checkpoint with its fsyncs 10–40 ms, which on
 * the request thread stalled every request in flight (bench/README.md). One batch at a time.
 */
export class WriteBehindThread {
  readonly #state = new Int32Array(new SharedArrayBuffer(4));
  readonly #worker: Worker;
  #gone = false;
  #answer: (written: boolean) => void = () => undefined;

  constructor(settings: WriterSettings) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.#worker = new Worker(`(${writerThread.toString()})(require, ${batchWriter.toString()}, ${tuneLogConnection.toString()})`, {
      eval: true,
      workerData: { settings, state: this.#state, driver },
    });
    // Like the flush timer, the thread must not keep a process alive that has nothing else to do.
    this.#worker.unref();
    this.#worker.on('message', (outcome: number) => this.#answer(outcome === idle));
    // A thread that is gone answers nothing more: whatever waits on it is told the write failed.
    this.#worker.once('exit', () => {
      this.#gone = true;
      Atomics.store(this.#state, 0, failed);
      this.#answer(false);
    });
  }

  /** False once the thread has ended: the caller writes on its own connection again. */
  get usable(): boolean {
    return !this.#gone;
  }

  /** Writes `batch`; true once written, false if it failed (the batch is then the caller's again). */
  write(batch: RateBatch): Promise<boolean> {
    if (this.#gone) return Promise.resolve(false);
    Atomics.store(this.#state, 0, busy);
    const written = new Promise<boolean>((resolve) => (this.#answer = resolve));
    this.#worker.postMessage(batch);
    return written;
  }

  /**
   * Blocks until the write in progress, if any, has ended: whether it was written. Bounded, as a
   * thread that died mid-batch would never answer (the exit event cannot run while this blocks).
   */
  awaitWrite(): boolean {
    Atomics.wait(this.#state, 0, busy, awaitLimitMs);
    return Atomics.load(this.#state, 0) === idle;
  }

  async close(): Promise<void> {
    await this.#worker.terminate();
  }
}
