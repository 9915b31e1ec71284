import type { Metric, Registry } from 'prom-client';

interface Cell {
  readonly labels: Readonly<Record<string, string>>;
  value: number;
}

/**
 * A Prometheus counter for the hot path (one increment a request), exported through a prom-client
 * registry as its own Counter would be: a label set is bound once, on its first increment, and
 * found again by its values joined. prom-client's `inc` sorts and hashes the label object of each
 * call, bound children included. Label values must come from closed sets, as for every metric here.
 */
export class LeanCounter<Label extends string> {
  readonly #cells = new Map<string, Cell>();

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
    const key = values.join('\u0000');
    let cell = this.#cells.get(key);
    if (!cell) this.#cells.set(key, (cell = { labels: Object.fromEntries(this.labelNames.map((name, i) => [name, values[i]!])), value: 0 }));
    cell.value += 1;
  }

  /** What prom-client's registry renders: one value per label set. */
  get() {
    const values = [...this.#cells.values()].map(({ labels, value }) => ({ labels, value }));
    return { name: this.name, help: this.help, type: 'counter', values, aggregator: 'sum' };
  }

  reset(): void {
    this.#cells.clear();
  }
}
