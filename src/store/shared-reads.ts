/**
 * Store reads in flight, shared by the callers of one change stamp (Store.changeStamp). When the
 * stamp moves (on SQLite, ten times a second under load: the rate log's own commits), every
 * request that was answered from memory misses at once, and before the first read of a key is
 * back, the same person's other requests in flight would read it again: 41 token reads a move
 * were counted with 16 people at 32 connections, where 16 suffice. A read started under a stamp
 * began after its caller had read that stamp, so it reflects the store as it was under that stamp
 * or newer, exactly as a value kept under it (StampedCache): sharing it is as exact as keeping it.
 */
export class SharedReads<Value> {
  readonly #running = new Map<string, Promise<Value>>();
  #stamp = Number.NEGATIVE_INFINITY;

  /** The read of `key` running under `stamp`, if there is one. */
  running(key: string, stamp: number): Promise<Value> | undefined {
    return stamp === this.#stamp ? this.#running.get(key) : undefined;
  }

  /** Notes `read`, just begun after `stamp` was read, as `key`'s until it settles; returns it. */
  start(key: string, stamp: number, read: Promise<Value>): Promise<Value> {
    if (stamp < this.#stamp) return read;
    if (stamp > this.#stamp) {
      this.#running.clear();
      this.#stamp = stamp;
    }
    this.#running.set(key, read);
    const settled = () => {
      if (this.#running.get(key) === read) this.#running.delete(key);
    };
    read.then(settled, settled);
    return read;
  }
}
