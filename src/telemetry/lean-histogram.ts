import type { Metric, Registry } from 'prom-client';

interface Cell {
  readonly labels: Readonly<Record<string, string>>;
  /** Observations per bucket (not cumulative); the last one is `+Inf`. */
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram for the hot path, exported through a prom-client registry as its own
 * Histogram would be. An observation finds its cell through a map a label and adds to plain numbers:
 * prom-client's `observe` checks and hashes the labels on every call (~0.5 µs), and a request
 * makes several (its own latency, each store and rate-store call). Label values must come from
 * closed sets, as for every metric here.
 */
export class LeanHistogram<Label extends string> {
  /** Cells by their label values, one map a label: finding one allocates nothing. */
  readonly #cells = new Map<string, unknown>();
  readonly #all: Cell[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly Label[],
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    // prom-client reads a metric through `get()`; this is one without its class.
    registry.registerMetric(this as unknown as Metric);
  }

  /** Adds one observation; the label values in the order of the label names (two or three). */
  observe(value: number, first: string, second: string, third?: string): void {
    let underFirst = this.#cells.get(first) as Map<string, unknown> | undefined;
    if (!underFirst) this.#cells.set(first, (underFirst = new Map()));
    let cell = underFirst.get(second) as Cell | undefined;
    if (third !== undefined) {
      let underSecond = underFirst.get(second) as Map<string, Cell> | undefined;
      if (!underSecond) underFirst.set(second, (underSecond = new Map()));
      cell = underSecond.get(third);
      if (!cell) underSecond.set(third, (cell = this.#cell([first, second, third])));
    } else if (!cell) {
      underFirst.set(second, (cell = this.#cell([first, second])));
    }
    this.#add(cell, value);
  }

  #cell(values: readonly string[]): Cell {
    const labels = Object.fromEntries(this.labelNames.map((name, i) => [name, values[i]!]));
    const cell = { labels, counts: new Float64Array(this.buckets.length + 1), sum: 0, count: 0 };
    this.#all.push(cell);
    return cell;
  }

  #add(cell: Cell, value: number): void {
    let bucket = 0;
    while (bucket < this.buckets.length && value > this.buckets[bucket]!) bucket++;
    cell.counts[bucket]! += 1;
    cell.sum += value;
    cell.count += 1;
  }

  /** What prom-client's registry renders: cumulative buckets, then the sum and the count, per label set. */
  get() {
    const values = this.#all.flatMap(({ labels, counts, sum, count }) => {
      let cumulative = 0;
      const buckets = [...this.buckets.map(String), '+Inf'].map((le, i) => {
        cumulative += counts[i]!;
        return { labels: { le, ...labels }, value: cumulative, metricName: `${this.name}_bucket` };
      });
      return [...buckets, { labels, value: sum, metricName: `${this.name}_sum` }, { labels, value: count, metricName: `${this.name}_count` }];
    });
    return { name: this.name, help: this.help, type: 'histogram', values, aggregator: 'sum' };
  }

  reset(): void {
    this.#cells.clear();
    this.#all.length = 0;
  }
}
