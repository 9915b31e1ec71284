/** What one bench run found, and how it is shown: markdown tables on stdout, every figure in JSON. */
import { writeFile } from 'node:fs/promises';
import type { SequentialResult, ThroughputResult } from './load.js';
import type { Breakdown } from './breakdown.js';
import type { MillionSurvey } from './fixtures.js';
import { runsOf, whyNot, type Outcome } from './outcome.js';
import type { BenchRow } from './bench-flags.js';
import type { InterleavedResults } from './interleaved.js';
import { interleavedTables } from './interleaved-table.js';
import { neighbourTable, type NeighbourRow } from './neighbour-row.js';
import { soakTable, type SoakRow } from './soak-row.js';

export type { Outcome } from './outcome.js';

export interface BenchResults {
  readonly machine: {
    cpu: string;
    cores: number;
    node: string;
    platform: string;
    date: string;
    /** 1-minute load average when the run started: above ~0.5, other work shared the cores. */
    loadAverage: number;
  };
  readonly settings: {
    warmupS: number;
    durationS: number;
    connections: readonly number[];
    /** The rule each person of the crowd is under, and how many people share the load. */
    rateRule: { limit: number; windowMs: number };
    people: number;
    /** The rule of the one-person rows. */
    oneKeyRateRule: { limit: number; windowMs: number };
    /** The rows this run measured (`--rows`); absent: all of them. */
    rows?: readonly BenchRow[];
  };
  /** Issue 47's rows (eras, telemetry, PostgreSQL + Redis) in interleaved rounds beside the ceiling. */
  readonly interleaved?: InterleavedResults;
  /** `tools/call get_survey` on srv_demo_nps, per server variant and connection count. */
  readonly throughput: Record<string, Outcome<readonly ThroughputResult[]>>;
  readonly million?: Outcome<{
    readonly survey: MillionSurvey;
    readonly calls: Record<string, SequentialResult>;
  }>;
  /** Sliding-log checks per second, one caller, one key holding a steady number of live entries. */
  readonly limiter?: Record<string, Outcome<number>>;
  /** Microseconds per stage of one get_survey request, in process, without HTTP. */
  readonly breakdown?: Outcome<Breakdown>;
  /** Answer size of the measured get_survey call, in bytes. */
  readonly answerBytes: number;
  /** Memory over minutes of mixed calls, per store; absent when the run left the soak out. */
  readonly soak?: Record<string, Outcome<SoakRow>>;
  /** What one person's costliest accepted request costs another person, per store (neighbour-row.ts). */
  readonly neighbour?: readonly NeighbourRow[];
}

export const variantTitles: Record<string, string> = {
  fullStack: 'full stack (SQLite, limiter on), 16 people',
  fullStackOneKey: 'full stack (SQLite, limiter on), one person',
  fullStackModern: 'the same, 2026-07-28 requests, 16 people',
  ceiling: 'ceiling: bare node:http from memory',
  naive: 'naive: SDK stateless + requireBearerAuth',
  fullStackRedis: 'full stack (SQLite store, Redis limiter), 16 people',
};

export function renderReport(results: BenchResults): string {
  const { machine } = results;
  return [
    `survey-mcp bench, ${machine.date}: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load average ${machine.loadAverage} at start${results.settings.rows ? `; rows ${results.settings.rows.join(', ')}` : ''}`,
    ...(results.interleaved ? ['', interleavedTables(results.interleaved)] : []),
    ...(Object.keys(results.throughput).length > 0 ? ['', throughputTable(results)] : []),
    ...(results.breakdown ? ['', breakdownTable(results.breakdown)] : []),
    ...(results.million ? ['', millionTable(results.million)] : []),
    ...(results.limiter ? ['', limiterTable(results.limiter)] : []),
    ...(results.neighbour ? ['', neighbourTable(results.neighbour)] : []),
    ...(results.soak ? ['', soakTable(results.soak)] : []),
  ].join('\n');
}

function throughputTable(results: BenchResults): string {
  const ours = runsOf(results.throughput.fullStack);
  const rows = [
    `tools/call get_survey (${results.answerBytes} B answer), ${results.settings.durationS} s per row after ${results.settings.warmupS} s warm-up:`,
    '',
    '| server | conns | req/s | p50 ms | p99 ms | full stack ÷ this | server CPU | CPU µs/req | peak RSS MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [variant, outcome] of Object.entries(results.throughput)) {
    const title = variantTitles[variant] ?? variant;
    if (!Array.isArray(outcome)) {
      rows.push(`| ${title} | | ${whyNot(outcome as Outcome<never>)} | | | | | | |`);
      continue;
    }
    for (const run of outcome as readonly ThroughputResult[]) {
      const mine = ours.find((r) => r.connections === run.connections);
      const ratio = variant === 'fullStack' || !mine ? '' : `${fixed(mine.requestsPerSecond / run.requestsPerSecond, 2)}×`;
      rows.push(
        `| ${title} | ${run.connections} | ${run.requestsPerSecond} | ${fixed(run.p50Ms, 2)} | ${fixed(run.p99Ms, 2)} | ${ratio} | ${run.serverCpuPercent}% | ${run.serverCpuMicrosPerRequest} | ${mb(run.peakRssBytes)} |`,
      );
    }
  }
  const beside = besideTheServer(results);
  return [...rows, ...(beside.length > 0 ? ['', `Beside the server, CPU µs/req: ${beside.join('; ')}.`] : [])].join('\n');
}

/** The CPU of the services a row's server used, measured with it (the server's column counts only its own process). */
function besideTheServer(results: BenchResults): string[] {
  const notes: string[] = [];
  for (const [variant, outcome] of Object.entries(results.throughput)) {
    for (const run of runsOf(outcome)) {
      const parts = [
        run.postgresCpuMicrosPerRequest !== undefined && `its PostgreSQL backends ${run.postgresCpuMicrosPerRequest}`,
        run.redisCpuMicrosPerRequest !== undefined && `Redis ${run.redisCpuMicrosPerRequest}`,
      ].filter(Boolean);
      if (parts.length > 0) notes.push(`${variantTitles[variant] ?? variant}: ${parts.join(', ')}`);
    }
  }
  return notes;
}

function breakdownTable(outcome: Outcome<Breakdown>): string {
  if (!Array.isArray(outcome)) return `Cost of one request: ${whyNot(outcome as Outcome<never>)}`;
  const rows = ['One get_survey request, stage by stage (in process, no HTTP, mean of 3,000):', '', '| stage | µs |', '|---|---:|'];
  for (const { stage, micros } of outcome as Breakdown) rows.push(`| ${stage} | ${fixed(micros, 1)} |`);
  return rows.join('\n');
}

function millionTable(outcome: NonNullable<BenchResults['million']>): string {
  if (!('survey' in outcome)) return `1,000,000 responses: ${whyNot(outcome)}`;
  const { survey, calls } = outcome;
  const seeded = survey.reused ? 'reused bench/.cache/million.db' : `seeded in ${survey.seedSeconds} s`;
  const rows = [
    `${survey.responses.toLocaleString('en')} responses (${seeded}), sequential calls through the full stack:`,
    '',
    '| tools/call | calls | p50 ms | p99 ms | answer bytes | server peak RSS MB |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const [tool, call] of Object.entries(calls)) {
    rows.push(`| ${tool} | ${call.calls} | ${fixed(call.p50Ms, 1)} | ${fixed(call.p99Ms, 1)} | ${call.answerBytes} | ${mb(call.peakRssBytes)} |`);
  }
  return rows.join('\n');
}

function limiterTable(limiter: NonNullable<BenchResults['limiter']>): string {
  const rows = ['Rate limiter alone (one caller, one key at a steady number of live entries):', '', '| sliding log | checks/s |', '|---|---:|'];
  for (const [backend, outcome] of Object.entries(limiter)) {
    rows.push(`| ${backend} | ${typeof outcome === 'number' ? outcome : whyNot(outcome)} |`);
  }
  return rows.join('\n');
}

export async function writeResults(path: string, results: BenchResults): Promise<void> {
  await writeFile(path, `${JSON.stringify(results, null, 2)}\n`);
}

const fixed = (value: number, places: number) => value.toFixed(places);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
