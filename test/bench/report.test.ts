import { describe, expect, it } from 'vitest';
import type { ThroughputResult } from '../../bench/load.js';
import { renderReport, type BenchResults } from '../../bench/report.js';

const run = (connections: number, requestsPerSecond: number): ThroughputResult => ({
  connections,
  durationS: 6,
  requests: requestsPerSecond * 6,
  requestsPerSecond,
  p50Ms: 1.234,
  p99Ms: 5.678,
  peakRssBytes: 150 * 1024 * 1024,
  serverCpuPercent: 90,
  serverCpuMicrosPerRequest: 400,
  serverCpuMicros: 400 * requestsPerSecond * 6,
});

const results: BenchResults = {
  machine: { cpu: 'Test CPU', cores: 2, node: '20.0.0', platform: 'linux x64', date: '2026-01-01T00:00:00.000Z', loadAverage: 0.1 },
  settings: { warmupS: 2, durationS: 6, connections: [1, 32], rateRule: { limit: 1_000_000, windowMs: 1000 }, people: 16, oneKeyRateRule: { limit: 1_000_000, windowMs: 20 } },
  throughput: {
    fullStack: [run(1, 1000), run(32, 2000)],
    ceiling: [run(1, 10_000), run(32, 20_000)],
    naive: [run(1, 500), run(32, 1000)],
    fullStackOneKey: { skipped: 'postgres://… unusable: connection refused' },
    fullStackRedis: { failed: '3 of 900 requests failed' },
  },
  million: { skipped: 'seed failed' },
  limiter: { 'in-process (SQLite write-behind), 180 live entries': 17_000, 'redis, 180 live entries': { skipped: 'redis unreachable' } },
  breakdown: [{ stage: 'bearer token lookup', micros: 12.34 }],
  answerBytes: 3696,
};

describe('the bench report', () => {
  it('shows the full stack divided by the ceiling and by the naive server at each connection count', () => {
    const report = renderReport(results);
    expect(report).toContain('| ceiling: bare node:http from memory | 1 | 10000 | 1.23 | 5.68 | 0.10× | 90% | 400 | 150 |');
    expect(report).toContain('| ceiling: bare node:http from memory | 32 | 20000 | 1.23 | 5.68 | 0.10× |');
    expect(report).toContain('| naive: SDK stateless + requireBearerAuth | 32 | 1000 | 1.23 | 5.68 | 2.00× |');
  });

  it('says why a case was skipped or failed where its figures would be', () => {
    const report = renderReport(results);
    expect(report).toContain('skipped: postgres://… unusable: connection refused');
    expect(report).toContain('FAILED: 3 of 900 requests failed');
    expect(report).toContain('1,000,000 responses: skipped: seed failed');
    expect(report).toContain('| redis, 180 live entries | skipped: redis unreachable |');
  });

  it('adds the CPU of the services beside the server, for the rows that measured it', () => {
    const report = renderReport({
      ...results,
      throughput: {
        ...results.throughput,
        fullStackRedis: [{ ...run(32, 5000), redisCpuMicrosPerRequest: 30 }],
      },
    });
    expect(report).toContain(
      'Beside the server, CPU µs/req: full stack (SQLite store, Redis limiter), 16 people: Redis 30.',
    );
    expect(renderReport(results)).not.toContain('Beside the server');
  });

  it('names the machine and its load, so a reader can judge the figures', () => {
    expect(renderReport(results)).toMatch(/^survey-mcp bench, 2026-01-01T00:00:00.000Z: Test CPU, 2 cores, Node 20.0.0, load average 0.1 at start/);
  });

  it('shows the soak row per store, with its RSS curve, when the run had one', () => {
    const row = {
      store: 'SQLite',
      minutes: 5,
      requests: 300_000,
      requestsPerSecond: 1000,
      failed: 0,
      rssStartMb: 120.5,
      rssPeakMb: 131.2,
      rssEndMb: 125.4,
      lastWindowS: 120,
      rssGrowthLastWindowMb: -1.5,
      rssTrendLastWindowMb: 0.4,
      heapFloorStartMb: 30.1,
      heapFloorEndMb: 30.4,
      rssEvery10sMb: [110, 120.5, 125.4],
    };
    const report = renderReport({ ...results, soak: { SQLite: row, 'PostgreSQL + Redis': { skipped: 'redis unreachable' } } });
    expect(report).toContain('| SQLite | 5 | 1000 | 0 | 120.5 | 131.2 | 125.4 | -1.5, 0.4 in 120 s | 30.1 → 30.4 |');
    expect(report).toContain('| PostgreSQL + Redis | skipped: redis unreachable |');
    expect(report).toContain('SQLite, RSS every 10 s: 110 120.5 125.4');
    expect(renderReport(results)).not.toContain('Soak');
  });
});
