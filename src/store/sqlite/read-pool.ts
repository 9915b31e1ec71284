import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { readerKey } from '../reader-key.js';
import type { Bindings } from './database.js';

/** A read the pool runs: one statement, its bindings, and whether one row or all are wanted. */
interface ReadTask {
  readonly sql: string;
  readonly bindings: Bindings;
  readonly single: boolean;
}

interface Queued extends ReadTask {
  readonly gone: AbortSignal | undefined;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface ReadAnswer {
  readonly value?: unknown;
  readonly error?: { readonly message: string; readonly code?: string };
}

/**
 * The body of a reader thread. Sent as its source text (`eval`), as the rate log's writer is
 * (limits/write-behind.ts), so it runs the same from dist/ and from the TypeScript sources under
 * test: it must use nothing from this module's scope. One read-only connection, its statements
 * prepared once per text.
 */
function readerThread(load: (id: string) => unknown): void {
  const { parentPort, workerData } = load('node:worker_threads') as typeof import('node:worker_threads');
  const { path, driver } = workerData as { path: string; driver: string };
  const Database = load(driver) as typeof import('better-sqlite3');
  const db = new Database(path, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const statements = new Map<string, ReturnType<typeof db.prepare>>();
  parentPort!.on('message', ({ sql, bindings, single }: { sql: string; bindings: Record<string, unknown>; single: boolean }) => {
    try {
      let statement = statements.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        statements.set(sql, statement);
      }
      parentPort!.postMessage({ value: single ? statement.get(bindings) : statement.all(bindings) });
    } catch (error) {
      const { message, code } = error as { message: string; code?: string };
      parentPort!.postMessage({ error: { message, code } });
    }
  });
}

/** Threads reading at once: the other cores, at least one, at most four. */
export const defaultReaders = Math.max(1, Math.min(4, availableParallelism() - 1));

/** An error of a read run on a reader thread, as SQLite gave it there. */
export class OffThreadReadError extends Error {
  override readonly name = 'SqliteError';
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/**
 * Reads that may scan (a `where` filter over a large survey: over a second for 150,000
 * responses) run here, on threads of their own with read-only connections to the store file,
 * so that the event loop keeps answering everyone else meanwhile. Under WAL a reader sees every
 * commit made before its read began, and this process commits synchronously, so a read sent
 * after a write sees it.
 *
 * The queue is fair between people (`readerKey`): each free thread takes the oldest read of the
 * next person in turn, so one person's burst of searches (in-flight limit: 4 at once) delays
 * another's by at most the reads already running; a read whose client has gone is dropped when
 * its turn comes. Threads start at the first read and keep the process alive only while they read.
 */
export class SqliteReadPool {
  readonly #path: string;
  readonly #size: number;
  readonly #driver = createRequire(import.meta.url).resolve('better-sqlite3');
  readonly #idle: Worker[] = [];
  readonly #all: Worker[] = [];
  /** The read each busy thread runs: one at a time. */
  readonly #running = new Map<Worker, Queued>();
  /** Waiting reads per person, in the order people first queued (round-robin). */
  readonly #waiting = new Map<string, Queued[]>();
  #closed = false;

  constructor(path: string, size = defaultReaders) {
    this.#path = path;
    this.#size = size;
  }

  /** The rows of `sql` (all of them, or the first when `single`), read on a reader thread. */
  read<T>(sql: string, bindings: Bindings, single: boolean): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the store is closed'));
    const reader = readerKey.getStore();
    const key = reader?.person ?? '';
    return new Promise<T>((resolve, reject) => {
      const task: Queued = { sql, bindings, single, gone: reader?.gone, resolve: resolve as (value: unknown) => void, reject };
      const queue = this.#waiting.get(key);
      if (queue) queue.push(task);
      else this.#waiting.set(key, [task]);
      this.#dispatch();
    });
  }

  /** Reads waiting for a thread (for tests). */
  get waiting(): number {
    let count = 0;
    for (const queue of this.#waiting.values()) count += queue.length;
    return count;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const error = new Error('the store is closed');
    for (const queue of this.#waiting.values()) for (const task of queue) task.reject(error);
    this.#waiting.clear();
    await Promise.all(this.#all.map((worker) => worker.terminate()));
  }

  #dispatch(): void {
    while (this.#waiting.size > 0) {
      const worker = this.#idle.pop() ?? this.#start();
      if (!worker) return;
      const [key, queue] = this.#waiting.entries().next().value as [string, Queued[]];
      const task = queue.shift()!;
      // The person goes to the back of the turn, with whatever else they have waiting.
      this.#waiting.delete(key);
      if (queue.length > 0) this.#waiting.set(key, queue);
      if (task.gone?.aborted) {
        // No one is left to answer: the thread goes to the next read.
        this.#idle.push(worker);
        task.reject(new Error('not run: the client of this request has gone'));
        continue;
      }
      this.#running.set(worker, task);
      // A read someone awaits keeps the process alive (a CLI command has nothing else running).
      worker.ref();
      worker.postMessage({ sql: task.sql, bindings: task.bindings, single: task.single });
    }
  }

  /** A new thread while fewer than `size` run, else undefined. */
  #start(): Worker | undefined {
    if (this.#all.length >= this.#size) return undefined;
    const worker = new Worker(`(${readerThread.toString()})(require)`, {
      eval: true,
      workerData: { path: this.#path, driver: this.#driver },
    });
    worker.unref();
    this.#all.push(worker);
    worker.on('message', ({ value, error }: ReadAnswer) => {
      const task = this.#running.get(worker);
      this.#running.delete(worker);
      worker.unref();
      if (task && error) task.reject(new OffThreadReadError(error.message, error.code));
      else task?.resolve(value);
      this.#idle.push(worker);
      this.#dispatch();
    });
    // A thread that failed (its connection could not open) fails the read it held; the next read
    // starts another.
    worker.once('error', (error) => this.#lose(worker, error));
    worker.once('exit', () => this.#lose(worker, new Error('a reader thread of the store ended')));
    return worker;
  }

  #lose(worker: Worker, error: Error): void {
    const at = this.#all.indexOf(worker);
    if (at < 0) return;
    this.#all.splice(at, 1);
    const idle = this.#idle.indexOf(worker);
    if (idle >= 0) this.#idle.splice(idle, 1);
    this.#running.get(worker)?.reject(error);
    this.#running.delete(worker);
    if (!this.#closed) this.#dispatch();
  }
}
