/**
 * The interleaved rounds' tables: each load's medians beside the ceiling of the same rounds, and
 * telemetry on beside off. A ratio is the median of the rounds' own ratios (each round's load
 * beside that round's ceiling, or on beside off), which a machine's changing load moves less than
 * the ratio of two medians.
 */
import type { ThroughputResult } from './load.js';
import { interleavedLoads, type InterleavedLoad, type InterleavedResults } from './interleaved.js';
import { runsOf, whyNot, type Outcome } from './outcome.js';

export const interleavedTitles: Record<InterleavedLoad, string> = {
  ceiling: 'ceiling: bare node:http from memory',
  legacy: '2025-11-25, telemetry off',
  legacyWatched: '2025-11-25, metrics + JSON log on',
  modern: '2026-07-28, telemetry off',
  modernWatched: '2026-07-28, metrics + JSON log on',
  postgres: 'PostgreSQL store + Redis limiter (2025-11-25)',
};

/** Issue 47's goals: a share of the ceiling, a p99 and (for the eras) the RSS after both loads. */
const goals: Partial<Record<InterleavedLoad, { readonly ofCeiling: number; readonly p99Ms: number; readonly rssMb?: number }>> = {
  legacy: { ofCeiling: 0.5, p99Ms: 10, rssMb: 150 },
  modern: { ofCeiling: 0.5, p99Ms: 10, rssMb: 150 },
  postgres: { ofCeiling: 0.075, p99Ms: 20 },
};
const telemetryGoal = 0.95;

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The median over the rounds of `load`'s figure divided by `base`'s figure of the same round. */
export function pairedRatio(load: readonly ThroughputResult[], base: readonly ThroughputResult[]): number {
  return median(load.map((run, round) => run.requestsPerSecond / base[round]!.requestsPerSecond));
}

export function interleavedTables(results: InterleavedResults): string {
  const { loads } = results;
  const ceiling = runsOf(loads.ceiling);
  const header = `Interleaved rounds: tools/call get_survey, 16 people, ${results.connections} connections, ${results.durationS} s after ${results.warmupS} s warm-up, each round in this order; medians of ${results.rounds} rounds:`;
  const rows = [
    header,
    '',
    '| load | req/s | p50 ms | p99 ms | CPU µs/req | peak RSS MB | ÷ ceiling | goal | req/s by round |',
    '|---|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const load of interleavedLoads) {
    const outcome = loads[load];
    if (outcome === undefined) continue;
    const title = interleavedTitles[load];
    if (!Array.isArray(outcome)) {
      rows.push(`| ${title} | ${whyNot(outcome as { skipped: string } | { failed: string })} | | | | | | | |`);
      continue;
    }
    const runs = outcome as readonly ThroughputResult[];
    const ratio = load !== 'ceiling' && ceiling.length === runs.length ? pairedRatio(runs, ceiling) : undefined;
    const peakMb = Math.max(...runs.map((run) => run.peakRssBytes)) / 1024 / 1024;
    const p99 = median(runs.map((run) => run.p99Ms));
    rows.push(
      `| ${title} | ${Math.round(median(runs.map((run) => run.requestsPerSecond)))} | ${median(runs.map((run) => run.p50Ms)).toFixed(2)} | ${p99.toFixed(2)} | ${Math.round(median(runs.map((run) => run.serverCpuMicrosPerRequest)))} | ${peakMb.toFixed(0)} | ${ratio === undefined ? '' : ratio.toFixed(3)} | ${goalVerdict(load, ratio, p99, peakMb)} | ${runs.map((run) => run.requestsPerSecond).join(', ')} |`,
    );
  }
  const postgres = runsOf(loads.postgres);
  if (postgres.some((run) => run.postgresCpuMicrosPerRequest !== undefined)) {
    const beside = (figure: (run: ThroughputResult) => number | undefined) => Math.round(median(postgres.map((run) => figure(run) ?? 0)));
    rows.push('', `Beside the PostgreSQL row's server, CPU µs/req (medians): its PostgreSQL backends ${beside((run) => run.postgresCpuMicrosPerRequest)}, Redis ${beside((run) => run.redisCpuMicrosPerRequest)}.`);
  }
  const rss = results.rssAfterBytes;
  const after = [rss.off !== undefined && `telemetry off ${mb(rss.off)} MB`, rss.on !== undefined && `on ${mb(rss.on)} MB`].filter(Boolean);
  if (after.length > 0) rows.push('', `RSS of the era servers after both eras' loads, every round: ${after.join(', ')}.`);
  const telemetry = telemetryTable(results);
  return [...rows, ...(telemetry ? ['', telemetry] : [])].join('\n');
}

/** On beside off, era by era: requests/s, p99, server CPU a request and the paired ratio. */
function telemetryTable({ loads }: InterleavedResults): string | undefined {
  const pairs = [
    ['2025-11-25', loads.legacy, loads.legacyWatched],
    ['2026-07-28', loads.modern, loads.modernWatched],
  ] as const;
  if (pairs.every(([, , on]) => on === undefined)) return undefined;
  const rows = [
    `Telemetry (metrics + JSON request log to a file) on beside off, same rounds (goal: on ÷ off ≥ ${telemetryGoal}):`,
    '',
    '| era | off req/s | on req/s | on ÷ off | off p99 ms | on p99 ms | off CPU µs/req | on CPU µs/req | + µs/req | goal |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const [era, offOutcome, onOutcome] of pairs) {
    if (!Array.isArray(offOutcome) || !Array.isArray(onOutcome)) {
      const why = [offOutcome, onOutcome].find((outcome) => outcome !== undefined && !Array.isArray(outcome)) as { skipped: string } | { failed: string } | undefined;
      rows.push(`| ${era} | ${why ? whyNot(why) : 'not measured'} | | | | | | | | |`);
      continue;
    }
    const off = offOutcome as readonly ThroughputResult[];
    const on = onOutcome as readonly ThroughputResult[];
    const ratio = pairedRatio(on, off);
    const cpu = (runs: readonly ThroughputResult[]) => median(runs.map((run) => run.serverCpuMicrosPerRequest));
    const rps = (runs: readonly ThroughputResult[]) => median(runs.map((run) => run.requestsPerSecond));
    const p99 = (runs: readonly ThroughputResult[]) => median(runs.map((run) => run.p99Ms)).toFixed(2);
    const added = median(on.map((run, round) => run.serverCpuMicrosPerRequest - off[round]!.serverCpuMicrosPerRequest));
    rows.push(
      `| ${era} | ${Math.round(rps(off))} | ${Math.round(rps(on))} | ${ratio.toFixed(3)} | ${p99(off)} | ${p99(on)} | ${Math.round(cpu(off))} | ${Math.round(cpu(on))} | ${added >= 0 ? '+' : ''}${Math.round(added)} | ${ratio >= telemetryGoal ? 'met' : 'not met'} |`,
    );
  }
  return rows.join('\n');
}

function goalVerdict(load: InterleavedLoad, ratio: number | undefined, p99Ms: number, peakMb: number): string {
  const goal = goals[load];
  if (!goal) return '';
  const missed = [
    ratio === undefined ? 'no ceiling' : ratio < goal.ofCeiling && `÷ ceiling < ${goal.ofCeiling}`,
    p99Ms >= goal.p99Ms && `p99 ≥ ${goal.p99Ms} ms`,
    goal.rssMb !== undefined && peakMb >= goal.rssMb && `RSS ≥ ${goal.rssMb} MB`,
  ].filter(Boolean);
  const wanted = `≥ ${goal.ofCeiling}, p99 < ${goal.p99Ms} ms${goal.rssMb === undefined ? '' : `, RSS < ${goal.rssMb} MB`}`;
  return missed.length === 0 ? `${wanted}: met` : `${wanted}: not met (${missed.join(', ')})`;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
