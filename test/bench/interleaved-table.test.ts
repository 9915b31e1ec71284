import { describe, expect, it } from 'vitest';
import type { ThroughputResult } from '../../bench/load.js';
import type { InterleavedResults } from '../../bench/interleaved.js';
import { interleavedTables, median, pairedRatio } from '../../bench/interleaved-table.js';

const run = (requestsPerSecond: number, p99Ms = 5, serverCpuMicrosPerRequest = 100, rssMb = 120): ThroughputResult => ({
  connections: 32,
  durationS: 6,
  requests: requestsPerSecond * 6,
  requestsPerSecond,
  p50Ms: 1,
  p99Ms,
  peakRssBytes: rssMb * 1024 * 1024,
  serverCpuPercent: 95,
  serverCpuMicrosPerRequest,
  serverCpuMicros: serverCpuMicrosPerRequest * requestsPerSecond * 6,
});

const results = (loads: InterleavedResults['loads']): InterleavedResults => ({ rounds: 3, connections: 32, warmupS: 2, durationS: 6, loads, rssAfterBytes: { off: 118 * 1024 * 1024 } });

describe('the interleaved rounds table', () => {
  it('divides each round by the ceiling of the same round and reports the median of those ratios', () => {
    // Round by round 0.5, 0.6 and 0.4: the median ratio is 0.5, not 1,500 ÷ 2,500.
    const load = [run(1000), run(1500), run(2000)];
    const ceiling = [run(2000), run(2500), run(5000)];
    expect(pairedRatio(load, ceiling)).toBe(0.5);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  it('says whether each era met the goal, and what it missed', () => {
    const table = interleavedTables(
      results({
        ceiling: [run(10_000), run(10_000), run(10_000)],
        legacy: [run(5_100), run(5_200), run(5_000)],
        modern: [run(4_000, 12), run(4_000, 12), run(4_000, 12, 100, 160)],
        postgres: { skipped: 'redis://127.0.0.1:6379 unreachable' },
      }),
    );
    expect(table).toContain('| 2025-11-25, telemetry off | 5100 | 1.00 | 5.00 | 100 | 120 | 0.510 | ≥ 0.5, p99 < 10 ms, RSS < 150 MB: met | 5100, 5200, 5000 |');
    expect(table).toContain('| 2026-07-28, telemetry off | 4000 | 1.00 | 12.00 | 100 | 160 | 0.400 | ≥ 0.5, p99 < 10 ms, RSS < 150 MB: not met (÷ ceiling < 0.5, p99 ≥ 10 ms, RSS ≥ 150 MB) |');
    expect(table).toContain('| PostgreSQL store + Redis limiter (2025-11-25) | skipped: redis://127.0.0.1:6379 unreachable |');
    expect(table).toContain("RSS of the era servers after both eras' loads, every round: telemetry off 118 MB.");
    expect(table).not.toContain('Telemetry (metrics');
  });

  it('sets telemetry on beside off era by era, with the CPU it adds and the goal of 0.95', () => {
    const table = interleavedTables(
      results({
        legacy: [run(1000, 5, 100), run(2000, 5, 110), run(3000, 5, 90)],
        legacyWatched: [run(960, 6, 104), run(1800, 6, 116), run(2910, 6, 93)],
        modern: [run(1000), run(1000), run(1000)],
        modernWatched: { failed: 'round 2: 3 of 900 requests failed' },
      }),
    );
    // Ratios 0.96, 0.90 and 0.97: median 0.96; CPU +4, +6, +3: median +4.
    expect(table).toContain('| 2025-11-25 | 2000 | 1800 | 0.960 | 5.00 | 6.00 | 100 | 104 | +4 | met |');
    expect(table).toContain('| 2026-07-28 | FAILED: round 2: 3 of 900 requests failed |');
    expect(table).not.toContain('÷ ceiling < ');
  });
});
