import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { FairTurns } from '../fair-turns.js';
import type { Bindings } from './database.js';

/** A read the pool runs: one statement, its bindings, and whether one row or all are wanted. */
interface ReadTask {
  readonly sql: string;
  readonly bindings: Bindings;
  readonly single: boolean;
}

interface ReadAnswer {
  readonly value?: unknown;
  readonly error?: { readonly message: string; readonly code?: string | undefined };
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
 * Reads that may scan (a `where` filter over a large survey: about a second for 150,000
 * responses) run here, on threads of their own with read-only connections to the store file,
 * so that the event loop keeps answering everyone else meanwhile. Under WAL a reader sees every
 * commit made before its read began, and this process commits synchronously, so a read sent
 * after a write sees it. Reads take the threads in fair turns between people (`FairTurns`).
 * Threads start at the first read and keep the process alive only while they read.
 */
export class SqliteReadPool {
  readonly #path: string;
  readonly #turns: FairTurns;
  readonly #driver = createRequire(import.meta.url).resolve('better-sqlite3');
  readonly #idle: Worker[] = [];
  readonly #all: Worker[] = [];
  /** How each busy thread answers its read: one at a time. */
  readonly #answers = new Map<Worker, (answer: ReadAnswer) => void>();
  #closed = false;

  constructor(path: string, size = defaultReaders) {
    this.#path = path;
    this.#turns = new FairTurns(size);
  }

  /** The rows of `sql` (all of them, or the first when `single`), read on a reader thread. */
  read<T>(sql: string, bindings: Bindings, single: boolean): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the store is closed'));
    return this.#turns.run(() => this.#onThread<T>({ sql, bindings, single }));
  }

  /** Reads waiting for a thread (for tests). */
  get waiting(): number {
    return this.#turns.waiting;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#turns.refuseWaiting(new Error('the store is closed'));
    await Promise.all(this.#all.map((worker) => worker.terminate()));
  }

  /** Runs `task` on an idle thread, or a new one: a turn never outnumbers the threads. */
  #onThread<T>(task: ReadTask): Promise<T> {
    const worker = this.#idle.pop() ?? this.#start();
    return new Promise<T>((resolve, reject) => {
      this.#answers.set(worker, ({ value, error }) => {
        if (error) reject(new OffThreadReadError(error.message, error.code));
        else resolve(value as T);
      });
      // A read someone awaits keeps the process alive (a CLI command has nothing else running).
      worker.ref();
      worker.postMessage(task);
    });
  }

  #start(): Worker {
    const worker = new Worker(`(${readerThread.toString()})(require)`, {
      eval: true,
      workerData: { path: this.#path, driver: this.#driver },
    });
    this.#all.push(worker);
    worker.on('message', (answer: ReadAnswer) => {
      const settle = this.#answers.get(worker);
      this.#answers.delete(worker);
      worker.unref();
      this.#idle.push(worker);
      settle?.(answer);
    });
    // A thread that failed (its connection could not open) fails the read it held; the next
    // read starts another.
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
    this.#answers.get(worker)?.({ error: { message: error.message } });
    this.#answers.delete(worker);
  }
}
