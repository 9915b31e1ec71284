/**
 * Values read from the store, kept while the store's change stamp (Store.changeStamp) stands
 * still: a newer stamp drops them all. Each caller reads the stamp before it reads the store, so a
 * value kept under a stamp reflects the store as it was under that stamp, or newer. Bounded: past
 * `maxEntries` it starts over.
 */
export class StampedCache<Value> {
  readonly #entries = new Map<string, Value>();
  #stamp = Number.NEGATIVE_INFINITY;

  constructor(private readonly maxEntries: number) {}

  /**
   * Moves to `stamp`, dropping everything if it is newer. False when it is older than one seen
   * already: the caller read it before a change and must read the store instead.
   */
  at(stamp: number): boolean {
    if (stamp < this.#stamp) return false;
    if (stamp > this.#stamp) {
      this.#entries.clear();
      this.#stamp = stamp;
    }
    return true;
  }

  get(key: string): Value | undefined {
    return this.#entries.get(key);
  }

  /** Keeps `value`, read after `stamp` was, unless a newer stamp has been seen meanwhile. */
  set(key: string, value: Value, stamp: number): void {
    if (stamp !== this.#stamp) return;
    if (this.#entries.size >= this.maxEntries) this.#entries.clear();
    this.#entries.set(key, value);
  }
}
