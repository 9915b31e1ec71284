/**
 * `node dist/bench/soak.js`: memory under a long mixed load. The full stack answers 8 connections
 * of mixed calls (11 kinds, both protocol eras, 16 people) for `--minutes` (default 5, or
 * `SURVEY_MCP_SOAK_MINUTES`), on SQLite, then on PostgreSQL with the Redis rate store (skipped
 * with the reason when unreachable). Every second the server's resident set and V8 heap are
 * sampled; the row reports RSS at the start (after a 10 s warm-up), its peak and its end, how
 * much RSS grew over the last two minutes (the last half of a shorter run), and the heap's floor
 * (its lowest, just after a collection) in the first and the last minute.
 */
import autocannon, { type Result } from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { crowdSize, prepareStore, type BenchTokens } from './fixtures.js';
import type { RpcRequest } from './load.js';
import { mixedCalls } from './soak-calls.js';
import { launchServer, stopAllServers, type ServerProcess, type ServerSample } from './server-process.js';
import { crowdRateRule, type FullStackOptions } from './servers/protocol.js';

const warmupS = 10;
const connections = 8;
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
   * The lowest heap seen in the window's first and last minute (or sixth of the run): the heap
   * right after a collection, what is really kept. Its growth is what a leak would show; the
   * heap at any one sample mostly says where the collector was.
   */
  readonly heapFloorStartMb: number;
  readonly heapFloorEndMb: number;
}

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
          connections,
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
      heapFloorStartMb: mb(floor(measured.filter((sample) => sample.atS <= first.atS + span))),
      heapFloorEndMb: mb(floor(measured.filter((sample) => sample.atS >= last.atS - span))),
    };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: process.env.SURVEY_MCP_SOAK_MINUTES ?? '5' },
      stores: { type: 'string', default: 'sqlite,postgres' },
    },
  });
  const minutes = Number(values.minutes);
  if (!(minutes > 0)) throw new Error(`--minutes '${values.minutes}' must be a positive number`);
  const scratch = await mkdtemp(join(tmpdir(), 'survey-mcp-soak-'));
  console.log(`soak, ${new Date().toISOString()}: ${minutes} min per store, ${connections} connections, ${crowdSize} people, load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  const rows: SoakRow[] = [];
  try {
    const variants: Array<{ store: string; options: FullStackOptions }> = [];
    if (values.stores.includes('sqlite')) variants.push({ store: 'SQLite', options: { db: join(scratch, 'demo.db') } });
    if (values.stores.includes('postgres')) variants.push({ store: 'PostgreSQL + Redis', options: { db: postgresUrl('bench_soak'), rateStore: redisUrl } });
    for (const { store, options } of variants) {
      const tokens = await prepareStore(options.db).catch((error: Error) => error);
      if (tokens instanceof Error) {
        console.log(`${store}: skipped (${tokens.message})`);
        continue;
      }
      const row = await measure(store, options, tokens, minutes);
      rows.push(row);
      console.log(JSON.stringify(row));
    }
    console.log('\n| store | minutes | req/s | failed | RSS start MB | peak | end | RSS growth, last window | heap floor, first → last minute MB |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      console.log(
        `| ${r.store} | ${r.minutes} | ${r.requestsPerSecond} | ${r.failed} | ${r.rssStartMb} | ${r.rssPeakMb} | ${r.rssEndMb} | ${r.rssGrowthLastWindowMb} MB in ${r.lastWindowS} s | ${r.heapFloorStartMb} → ${r.heapFloorEndMb} |`,
      );
    }
    console.log(`load average at the end ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  } finally {
    await stopAllServers();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
