import type { Metric, Registry } from 'prom-client';

interface Cell {
  readonly labels: Readonly<Record<string, string>>;
  value: number;
}

/**
 * A Prometheus counter for the hot path (one increment a request), exported through a prom-client
 * registry as its own Counter would be: a label set is bound once, on its first increment, and
 * found again through one map a label, which allocates nothing (a key of the values joined was a
 * new string to hash on every increment). prom-client's `inc` sorts and hashes the label object
 * of each call, bound children included. Label values must come from closed sets, as for every
 * metric here.
 */
export class LeanCounter<Label extends string> {
  /** Cells by their label values, one map a label. */
  readonly #cells = new Map<string, unknown>();
  readonly #all: Cell[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly Label[],
    registry: Registry,
  ) {
    // prom-client reads a metric through `get()`; this is one without its class.
    registry.registerMetric(this as unknown as Metric);
  }

  /** Adds one to the label set of these values, in the order of the label names. */
  inc(...values: string[]): void {
    let level = this.#cells;
    const last = values.length - 1;
    for (let i = 0; i < last; i++) {
      let next = level.get(values[i]!) as Map<string, unknown> | undefined;
      if (!next) level.set(values[i]!, (next = new Map()));
      level = next;
    }
    let cell = level.get(values[last]!) as Cell | undefined;
    if (!cell) {
      cell = { labels: Object.fromEntries(this.labelNames.map((name, i) => [name, values[i]!])), value: 0 };
      level.set(values[last]!, cell);
      this.#all.push(cell);
    }
    cell.value += 1;
  }

  /** What prom-client's registry renders: one value per label set. */
  get() {
    const values = this.#all.map(({ labels, value }) => ({ labels, value }));
    return { name: this.name, help: this.help, type: 'counter', values, aggregator: 'sum' };
  }

  reset(): void {
    this.#cells.clear();
    this.#all.length = 0;
  }
}
