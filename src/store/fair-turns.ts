import { readerKey } from './reader-key.js';

interface Waiter {
  readonly gone: AbortSignal | undefined;
  start(): void;
  refuse(error: Error): void;
}

/**
 * At most `size` pieces of work at once, the rest waiting in fair turns between people
 * (`readerKey`): each free turn goes to the oldest work of the next person in turn, so one
 * person's burst (in-flight limit: 4 at once) delays another's by at most the work already
 * running, not by their whole queue. Work whose client has gone is dropped when its turn comes.
 * Used for reads that may scan a survey: SQLite's reader threads, PostgreSQL's pool.
 */
export class FairTurns {
  #running = 0;
  /** Waiting work per person, in the order people first queued (round-robin). */
  readonly #waiting = new Map<string, Waiter[]>();

  constructor(readonly size: number) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    const reader = readerKey.getStore();
    const key = reader?.person ?? '';
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        gone: reader?.gone,
        start: () => {
          Promise.resolve()
            .then(work)
            .then(resolve, reject)
            .finally(() => {
              this.#running -= 1;
              this.#next();
            });
        },
        refuse: reject,
      };
      const queue = this.#waiting.get(key);
      if (queue) queue.push(waiter);
      else this.#waiting.set(key, [waiter]);
      this.#next();
    });
  }

  /** Work waiting for a turn (for tests). */
  get waiting(): number {
    let count = 0;
    for (const queue of this.#waiting.values()) count += queue.length;
    return count;
  }

  /** Refuses every waiting piece of work with `error` (the store closes). */
  refuseWaiting(error: Error): void {
    for (const queue of this.#waiting.values()) for (const waiter of queue) waiter.refuse(error);
    this.#waiting.clear();
  }

  #next(): void {
    while (this.#running < this.size && this.#waiting.size > 0) {
      const [key, queue] = this.#waiting.entries().next().value as [string, Waiter[]];
      const waiter = queue.shift()!;
      // The person goes to the back of the turn, with whatever else they have waiting.
      this.#waiting.delete(key);
      if (queue.length > 0) this.#waiting.set(key, queue);
      if (waiter.gone?.aborted) {
        waiter.refuse(new Error('not run: the client of this request has gone'));
        continue;
      }
      this.#running += 1;
      waiter.start();
    }
  }
}
