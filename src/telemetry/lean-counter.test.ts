import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LeanCounter } from './lean-counter.js';

const increments: Array<[string, string, string]> = [
  ['mcp', '/', 'ok'],
  ['mcp', '/', 'ok'],
  ['mcp', '/', 'tool_error'],
  ['auth', '/oauth/token', '5xx'],
  ['auth', '/', 'ok'],
];

describe('a lean counter', () => {
  it("is exported as prom-client's own Counter with the same increments, line for line", async () => {
    const theirs = new Registry();
    const counter = new Counter({ name: 'requests_total', help: 'Requests', labelNames: ['host', 'route', 'outcome'], registers: [theirs] });
    const ours = new Registry();
    const lean = new LeanCounter('requests_total', 'Requests', ['host', 'route', 'outcome'], ours);
    for (const [host, route, outcome] of increments) {
      counter.inc({ host, route, outcome });
      lean.inc(host, route, outcome);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).toContain('requests_total{host="mcp",route="/",outcome="ok"} 2');
  });

  it('keeps apart label sets whose values would join alike, and starts over on reset', async () => {
    const registry = new Registry();
    const lean = new LeanCounter('pairs_total', 'Pairs', ['a', 'b'], registry);
    lean.inc('x', 'yz');
    lean.inc('xy', 'z');
    const text = await registry.metrics();
    expect(text).toContain('pairs_total{a="x",b="yz"} 1');
    expect(text).toContain('pairs_total{a="xy",b="z"} 1');
    lean.reset();
    expect(await registry.metrics()).not.toContain('pairs_total{');
  });
});
