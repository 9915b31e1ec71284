/**
 * Memory under a long mixed load, one row per store: the full stack answers 8 connections of
 * mixed calls (11 kinds, both protocol eras, 16 people) for some minutes, on SQLite, then on
 * PostgreSQL with the Redis rate store (skipped with the reason when unreachable). Every second
 * the server's resident set and V8 heap are sampled; the row reports RSS at the start (after a
 * 10 s warm-up), its peak and its end, how much RSS grew over the last two minutes (the last half
 * of a shorter run), and the heap's floor (its lowest, just after a collection) in the first and
 * the last minute. `npm run bench` runs it as its last row; `node dist/bench/soak.js` alone.
 */
import autocannon, { type Result } from 'autocannon';
import { join } from 'node:path';
import { prepareStore, type BenchTokens } from './fixtures.js';
import type { RpcRequest } from './load.js';
import type { Outcome } from './outcome.js';
import { mixedCalls } from './soak-calls.js';
import { launchServer, type ServerProcess, type ServerSample } from './server-process.js';
import { crowdRateRule, type FullStackOptions } from './servers/protocol.js';

const warmupS = 10;
export const soakConnections = 8;
const lastWindowS = 120;
const postgresUrl = (schema: string) => `postgres://postgres@127.0.0.1:5432/test?schema=${schema}&pool_size=4`;
const redisUrl = 'redis://127.0.0.1:6379';

export interface SoakRow {
  readonly store: string;
  readonly minutes: number;
  readonly requests: number;
  readonly requestsPerSecond: number;
  readonly failed: number;
  readonly rssStartMb: number;
  readonly rssPeakMb: number;
  readonly rssEndMb: number;
  /** Over the last two minutes (or the last half of a shorter run). */
  readonly lastWindowS: number;
  readonly rssGrowthLastWindowMb: number;
  /**
   * The same window's trend: the least-squares line through its samples, from its start to its
   * end. RSS saws up and down with the collector by 10–20 MB within seconds, so the difference of
   * two samples says more about where the saw was than about growth; the line does not.
   */
  readonly rssTrendLastWindowMb: number;
  /**
   * The lowest heap seen in the window's first and last minute (or sixth of the run): the heap
   * right after a collection, what is really kept. Its growth is what a leak would show; the
   * heap at any one sample mostly says where the collector was.
   */
  readonly heapFloorStartMb: number;
  readonly heapFloorEndMb: number;
  /** RSS every 10 s from the start of the load, in MiB: the curve. */
  readonly rssEvery10sMb: readonly number[];
}

export type SoakStore = 'sqlite' | 'postgres';

const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

async function soak(server: ServerProcess, calls: RpcRequest[], seconds: number): Promise<{ result: Result; samples: Array<ServerSample & { atS: number }> }> {
  const samples: Array<ServerSample & { atS: number }> = [];
  const started = Date.now();
  const timer = setInterval(() => {
    const atS = (Date.now() - started) / 1000;
    void server.sample().then((sample) => samples.push({ ...sample, atS }), () => undefined);
  }, 1000);
  try {
    const result = await new Promise<Result>((resolve, reject) =>
      autocannon(
        {
          url: calls[0]!.url,
          method: 'POST',
          requests: calls.map(({ headers, body }) => ({ method: 'POST', headers, body })),
          connections: soakConnections,
          duration: seconds,
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
    return { result, samples };
  } finally {
    clearInterval(timer);
  }
}

async function measure(store: string, options: FullStackOptions, tokens: BenchTokens, minutes: number): Promise<SoakRow> {
  const server = await launchServer('full-stack', { ...options, mcpRateLimit: crowdRateRule });
  try {
    const calls = mixedCalls(server.url, tokens);
    const seconds = Math.round(minutes * 60);
    const { result, samples } = await soak(server, calls, seconds);
    const measured = samples.filter((sample) => sample.atS >= warmupS);
    if (measured.length < 2) throw new Error(`too few memory samples (${measured.length}) for a ${seconds} s soak`);
    const first = measured[0]!;
    const last = measured.at(-1)!;
    const window = Math.min(lastWindowS, Math.floor((last.atS - first.atS) / 2));
    const windowStart = measured.find((sample) => sample.atS >= last.atS - window)!;
    const span = Math.min(60, (last.atS - first.atS) / 6);
    const floor = (samples: ServerSample[]) => Math.min(...samples.map((sample) => sample.heapUsedBytes));
    return {
      store,
      minutes,
      requests: result.requests.total,
      requestsPerSecond: Math.round(result.requests.total / result.duration),
      failed: result.errors + result.timeouts + result['non2xx'],
      rssStartMb: mb(first.rssBytes),
      rssPeakMb: mb(Math.max(...measured.map((sample) => sample.rssBytes))),
      rssEndMb: mb(last.rssBytes),
      lastWindowS: window,
      rssGrowthLastWindowMb: mb(last.rssBytes - windowStart.rssBytes),
      rssTrendLastWindowMb: mb(trend(measured.filter((sample) => sample.atS >= windowStart.atS))),
      heapFloorStartMb: mb(floor(measured.filter((sample) => sample.atS <= first.atS + span))),
      heapFloorEndMb: mb(floor(measured.filter((sample) => sample.atS >= last.atS - span))),
      rssEvery10sMb: samples.filter((sample, i) => i === 0 || Math.floor(sample.atS / 10) > Math.floor(samples[i - 1]!.atS / 10)).map((sample) => mb(sample.rssBytes)),
    };
  } finally {
    await server.stop();
  }
}

/** How much RSS the least-squares line through `samples` rises (or falls) from the first to the last. */
function trend(samples: ReadonlyArray<ServerSample & { atS: number }>): number {
  const n = samples.length;
  const meanS = samples.reduce((sum, sample) => sum + sample.atS, 0) / n;
  const meanRss = samples.reduce((sum, sample) => sum + sample.rssBytes, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const sample of samples) {
    covariance += (sample.atS - meanS) * (sample.rssBytes - meanRss);
    variance += (sample.atS - meanS) ** 2;
  }
  return variance === 0 ? 0 : (covariance / variance) * (samples.at(-1)!.atS - samples[0]!.atS);
}

/** One row per store, in `scratch` (SQLite) or the schema `bench_soak` (PostgreSQL); a store that cannot be prepared is skipped. */
export async function soakRows(stores: readonly SoakStore[], minutes: number, scratch: string): Promise<Record<string, Outcome<SoakRow>>> {
  const variants: Array<{ store: string; options: FullStackOptions }> = [];
  if (stores.includes('sqlite')) variants.push({ store: 'SQLite', options: { db: join(scratch, 'soak.db') } });
  if (stores.includes('postgres')) variants.push({ store: 'PostgreSQL + Redis', options: { db: postgresUrl('bench_soak'), rateStore: redisUrl } });
  const rows: Record<string, Outcome<SoakRow>> = {};
  for (const { store, options } of variants) {
    const tokens = await prepareStore(options.db).catch((error: Error) => error);
    rows[store] = tokens instanceof Error
      ? { skipped: tokens.message }
      : await measure(store, options, tokens, minutes).catch((error: Error) => ({ failed: error.message }));
  }
  return rows;
}

export function soakTable(rows: Record<string, Outcome<SoakRow>>): string {
  const lines = [
    `Soak: mixed calls (11 kinds, both eras, 16 people), ${soakConnections} connections; RSS in MiB:`,
    '',
    '| store | minutes | req/s | failed | RSS start | peak | end | last window: end − start, trend | heap floor, first → last minute |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const curves: string[] = [];
  for (const [store, row] of Object.entries(rows)) {
    if (!('rssStartMb' in row)) {
      lines.push(`| ${store} | ${'skipped' in row ? `skipped: ${row.skipped}` : `FAILED: ${row.failed}`} |`);
      continue;
    }
    lines.push(
      `| ${store} | ${row.minutes} | ${row.requestsPerSecond} | ${row.failed} | ${row.rssStartMb} | ${row.rssPeakMb} | ${row.rssEndMb} | ${row.rssGrowthLastWindowMb}, ${row.rssTrendLastWindowMb} in ${row.lastWindowS} s | ${row.heapFloorStartMb} → ${row.heapFloorEndMb} |`,
    );
    curves.push(`${store}, RSS every 10 s: ${row.rssEvery10sMb.join(' ')}`);
  }
  return [...lines, '', ...curves].join('\n');
}
