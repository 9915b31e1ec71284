import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LeanHistogram } from './lean-histogram.js';

const buckets = [0.001, 0.01, 0.1, 1];
const observations: Array<[number, string, string, string]> = [
  [0.0005, 'mcp', '/', 'ok'],
  [0.001, 'mcp', '/', 'ok'],
  [0.05, 'mcp', '/', 'tool_error'],
  [3, 'auth', '/oauth/token', '5xx'],
  [0.2, 'mcp', '/', 'ok'],
  [0.0099, 'auth', 'other', 'ok'],
];

describe('a lean histogram', () => {
  it("is exported as prom-client's own Histogram with the same observations, line for line", async () => {
    const theirs = new Registry();
    const histogram = new Histogram({ name: 'latency_seconds', help: 'Latency', labelNames: ['host', 'route', 'outcome'], buckets, registers: [theirs] });
    const ours = new Registry();
    const lean = new LeanHistogram('latency_seconds', 'Latency', ['host', 'route', 'outcome'], buckets, ours);
    for (const [value, host, route, outcome] of observations) {
      histogram.observe({ host, route, outcome }, value);
      lean.observe(value, host, route, outcome);
    }
    const sorted = async (registry: Registry) => (await registry.metrics()).split('\n').sort();
    expect(await sorted(ours)).toEqual(await sorted(theirs));
    expect(await ours.metrics()).toContain('latency_seconds_bucket{le="0.001",host="mcp",route="/",outcome="ok"} 2');
  });

  it('keeps label sets of two values apart, and starts over on reset', async () => {
    const registry = new Registry();
    const lean = new LeanHistogram('store_seconds', 'Store', ['store', 'operation'], buckets, registry);
    lean.observe(0.002, 'sqlite', 'findUserByEmail');
    lean.observe(0.002, 'sqlite', 'findUserByEmail');
    lean.observe(2, 'rate-log', 'consume');
    const text = await registry.metrics();
    expect(text).toContain('store_seconds_count{store="sqlite",operation="findUserByEmail"} 2');
    expect(text).toContain('store_seconds_bucket{le="+Inf",store="rate-log",operation="consume"} 1');
    expect(text).toContain('store_seconds_bucket{le="1",store="rate-log",operation="consume"} 0');
    lean.reset();
    expect(await registry.metrics()).not.toContain('store_seconds_count');
  });
});
