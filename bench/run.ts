/**
 * `npm run bench`: one bounded run on loopback that measures, in a pinned order, issue 47's rows in
 * interleaved rounds (both eras and PostgreSQL + Redis beside the ceiling, telemetry on beside
 * off), the full stack at 1, 8 and 32 connections against the ceiling and the naive alternative,
 * the 1M-response calls, the rate limiter alone, the Redis limiter, the heavy neighbour and the
 * soak; prints the tables and writes bench/results.json. `--rows` picks some of them (bench-flags.ts
 * has every flag). Every server child is stopped at the end, whatever happens.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { benchRows, parseBenchFlags, type BenchFlags } from './bench-flags.js';
import { breakdown } from './breakdown.js';
import { benchInProcessLog, benchRedisLog } from './limiter.js';
import { crowdSize, millionSurvey, prepareStore } from './fixtures.js';
import { interleavedRounds } from './interleaved.js';
import {
  crowdCalls,
  demoSurvey,
  expectSameResult,
  measureSequential,
  measureThroughput,
  modernToolCall,
  send,
  toolCall,
  toolFailure,
  type Answer,
  type LoadTiming,
  type RpcRequest,
  type ThroughputResult,
} from './load.js';
import { renderReport, writeResults, type BenchResults, type Outcome } from './report.js';
import { launchServer, stopAllServers, type LaunchOptions, type ServerProcess } from './server-process.js';
import type { ServiceSources } from './service-cpu.js';
import { neighbourPostgresUrl, neighbourRedisUrl, neighbourRow, type NeighbourRow } from './neighbour-row.js';
import { soakRows } from './soak-row.js';
import { benchRateRule, crowdRateRule, type FullStackOptions } from './servers/protocol.js';

const warmupS = 2;
const connectionCounts = [1, 8, 32] as const;
const millionResponses = 1_000_000;
const sequentialCalls = 30;
const limiterMs = 2_000;
/** The production rule's steady state (180/60 s), and a key holding far more. */
const limiterEntries = [180, 5_000] as const;
// The application name finds the server's own backends, whose CPU the PostgreSQL row reports.
// Four connections: PostgreSQL shares these two cores, and each backend more costs it CPU per
// query (backends woken more often): 226-255 µs a request at 4, 274-296 at 10, 337-346 at 32.
const postgresUrl = 'postgres://postgres@127.0.0.1:5432/test?schema=bench&pool_size=4&application_name=survey-mcp-bench';
const redisUrl = 'redis://127.0.0.1:6379';
const resultsFile = fileURLToPath(new URL('../../bench/results.json', import.meta.url));

async function main(): Promise<void> {
  let flags: BenchFlags;
  try {
    flags = parseBenchFlags(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
    return;
  }
  const launch: LaunchOptions = flags.profile ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${flags.profile}`] } : {};
  const scratch = await mkdtemp(join(tmpdir(), 'survey-mcp-bench-'));
  const started = process.hrtime.bigint();
  try {
    const results = await runCases(scratch, launch, flags);
    console.log(renderReport(results));
    await writeResults(resultsFile, results);
    console.log(`\nwrote ${resultsFile} (${Math.round(Number(process.hrtime.bigint() - started) / 1e9)} s in all)`);
  } finally {
    await stopAllServers();
    await rm(scratch, { recursive: true, force: true });
  }
}

async function runCases(scratch: string, launch: LaunchOptions, flags: BenchFlags): Promise<BenchResults> {
  const { rows } = flags;
  const timing = { warmupS, durationS: flags.seconds };
  const demoDb = join(scratch, 'demo.db');
  const loadAverage = Math.round(loadavg()[0]! * 100) / 100;
  if (loadAverage > 0.5) progress(`load average ${loadAverage}: other work is using the cores, expect lower req/s`);
  const tokens = await prepareStore(demoDb);
  const { token } = tokens;
  const ours = await referenceAnswer(demoDb, token, launch);
  const redisDown = rows.has('postgres') || rows.has('limiter') || rows.has('redis') ? await unreachableRedis() : undefined;
  const throughput: BenchResults['throughput'] = {};
  const results: { -readonly [K in keyof BenchResults]?: BenchResults[K] } = {};
  const measuring = (row: string, what: string) => progress(`${row}: ${what}`);

  if (rows.has('eras') || rows.has('telemetry') || rows.has('postgres')) {
    const selected = ['eras', 'telemetry', 'postgres'].filter((row) => rows.has(row as never)).join(', ');
    measuring(selected, `${flags.rounds} interleaved rounds of ${warmupS} + ${flags.seconds} s a load, 32 connections`);
    const interleaved = await interleavedRounds({ rows, rounds: flags.rounds, timing, demoDb, tokens, scratch, answer: ours, launch, postgresUrl, redisUrl, redisDown, progress });
    results.interleaved = interleaved;
  }

  if (rows.has('connections')) {
    // The full stack under the realistic load in both eras, then one person alone, then the ceiling.
    measuring('connections', `full stack on SQLite at ${connectionCounts.join(', ')} connections: ${crowdSize} people in both eras, then one person; the ceiling`);
    const fullStack = await launchServer('full-stack', { db: demoDb, mcpRateLimit: crowdRateRule }, launch);
    try {
      throughput.fullStack = await outcome(() => throughputOf(crowdCalls(fullStack.url, tokens.crowd), fullStack, timing));
      // The same calls in the 2026-07-28 era.
      throughput.fullStackModern = await outcome(async () => {
        await expectSameResult(modernToolCall(fullStack.url, token, 'get_survey', demoSurvey), ours.body);
        return throughputOf(crowdCalls(fullStack.url, tokens.crowd, modernToolCall), fullStack, timing);
      });
    } finally {
      await fullStack.stop();
    }
    throughput.fullStackOneKey = await outcome(() => throughputAt32({ db: demoDb }, [toolCall('', token, 'get_survey', demoSurvey)], launch, timing));
    throughput.ceiling = await outcome(async () => {
      const ceiling = await launchServer('ceiling', { body: ours.body, contentType: ours.contentType }, launch);
      try {
        return await throughputOf([toolCall(ceiling.url, token, 'get_survey', demoSurvey)], ceiling, timing);
      } finally {
        await ceiling.stop();
      }
    });
  }

  if (rows.has('breakdown')) {
    // With no server running, so that nothing competes with it for the cores.
    measuring('breakdown', 'one request stage by stage, in process');
    results.breakdown = await outcome(() => breakdown(demoDb, token, demoSurvey.survey_id));
  }

  if (rows.has('naive')) {
    measuring('naive', `the SDK's stateless pattern at ${connectionCounts.join(', ')} connections`);
    throughput.naive = await outcome(async () => {
      const naive = await launchServer('naive', { db: demoDb }, launch);
      try {
        await expectSameResult(toolCall(naive.url, token, 'get_survey', demoSurvey), ours.body);
        return await throughputOf([toolCall(naive.url, token, 'get_survey', demoSurvey)], naive, timing);
      } finally {
        await naive.stop();
      }
    });
  }

  if (rows.has('million')) {
    measuring('million', '1,000,000 responses');
    results.million = await outcome(async () => {
      const survey = await millionSurvey(millionResponses);
      progress(survey.reused ? `reused ${survey.db}` : `seeded ${survey.db} in ${survey.seedSeconds} s`);
      const { token: millionToken } = await prepareStore(survey.db);
      const server = await launchServer('full-stack', { db: survey.db }, launch);
      try {
        const args = { survey_id: survey.surveyId };
        const calls = {
          get_survey_results: await measureSequential(server, toolCall(server.url, millionToken, 'get_survey_results', args), sequentialCalls, 2),
          list_responses: await measureSequential(server, toolCall(server.url, millionToken, 'list_responses', args), sequentialCalls, 2),
        };
        return { survey, calls };
      } finally {
        await server.stop();
      }
    });
  }

  if (rows.has('limiter')) {
    measuring('limiter', 'the rate limiter alone');
    const limiter: NonNullable<BenchResults['limiter']> = {};
    for (const entries of limiterEntries) {
      const live = `${entries.toLocaleString('en')} live entries`;
      limiter[`in-process (SQLite write-behind), ${live}`] = await outcome(() => benchInProcessLog(limiterMs, entries));
      limiter[`redis, ${live}`] = redisDown ? { skipped: redisDown } : await outcome(() => benchRedisLog(limiterMs, redisUrl, entries));
    }
    results.limiter = limiter;
  }

  if (rows.has('redis')) {
    measuring('redis', 'full stack with the Redis limiter, 32 connections');
    throughput.fullStackRedis = redisDown
      ? { skipped: redisDown }
      : await outcome(() =>
          throughputAt32({ db: demoDb, rateStore: redisUrl, mcpRateLimit: crowdRateRule }, crowdCalls('', tokens.crowd), launch, timing, { redisUrl }),
        );
  }

  if (rows.has('neighbour')) {
    // One person's costliest accepted request against another person's get_me, on each store.
    measuring('neighbour', 'the search (150,000-response survey seeded on first use), then 8 s each idle, heaviest and hung-up batches, and a burst of 120, on SQLite and PostgreSQL + Redis');
    const neighbour: NeighbourRow[] = [await neighbourRow('SQLite', { db: join(scratch, 'neighbour.db') }, 8)];
    await neighbourRow('PostgreSQL + Redis', { db: neighbourPostgresUrl, rateStore: neighbourRedisUrl }, 8).then(
      (row) => neighbour.push(row),
      (error: unknown) => progress(`heavy neighbour on PostgreSQL + Redis skipped: ${error instanceof Error ? error.message : String(error)}`),
    );
    results.neighbour = neighbour;
  }

  if (rows.has('soak')) {
    // Last: the longest row, memory over minutes of mixed calls in both eras, on each store.
    measuring('soak', `${flags.soakMinutes} min of mixed calls on SQLite, then on PostgreSQL + Redis`);
    results.soak = await soakRows(['sqlite', 'postgres'], flags.soakMinutes, scratch);
  }

  return {
    machine: {
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      node: process.versions.node,
      platform: `${process.platform} ${process.arch}`,
      date: new Date().toISOString(),
      loadAverage,
    },
    settings: {
      ...timing,
      connections: connectionCounts,
      rateRule: crowdRateRule,
      oneKeyRateRule: benchRateRule,
      people: crowdSize,
      rows: benchRows.filter((row) => rows.has(row)),
    },
    throughput,
    answerBytes: Buffer.byteLength(ours.body),
    ...results,
  };
}

/** The full stack's `get_survey` answer, which the ceiling replays and every other server must equal. */
async function referenceAnswer(db: string, token: string, launch: LaunchOptions): Promise<Answer> {
  const server = await launchServer('full-stack', { db, mcpRateLimit: crowdRateRule }, launch);
  try {
    const answer = await send(toolCall(server.url, token, 'get_survey', demoSurvey));
    const failure = toolFailure(answer);
    if (failure) throw new Error(`the full stack cannot answer get_survey, nothing to measure: ${failure}`);
    return answer;
  } finally {
    await server.stop();
  }
}

async function throughputOf(requests: readonly RpcRequest[], server: ServerProcess, timing: LoadTiming): Promise<ThroughputResult[]> {
  const runs: ThroughputResult[] = [];
  for (const connections of connectionCounts) runs.push(await measureThroughput(server, requests, connections, timing));
  return runs;
}

/** `requests` are built before the server's URL is known: their URL is set here. */
async function throughputAt32(
  options: FullStackOptions,
  requests: readonly RpcRequest[],
  launch: LaunchOptions,
  timing: LoadTiming,
  services?: ServiceSources,
): Promise<ThroughputResult[]> {
  const server = await launchServer('full-stack', options, launch);
  try {
    return [await measureThroughput(server, requests.map((request) => ({ ...request, url: server.url })), 32, timing, services)];
  } finally {
    await server.stop();
  }
}

/** Why Redis cannot be used, or undefined when it answers PING. */
async function unreachableRedis(): Promise<string | undefined> {
  const client = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return `${redisUrl} unreachable (${(error as Error).message})`;
  } finally {
    client.disconnect();
  }
}

/** Runs one case; a failure is recorded in the results instead of ending the run. */
async function outcome<T>(measure: () => Promise<T | { skipped: string }>): Promise<Outcome<T>> {
  try {
    const value = await measure();
    if (typeof value === 'object' && value !== null && 'skipped' in value) progress(`skipped: ${value.skipped}`);
    return value;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    progress(`FAILED: ${message}`);
    return { failed: message };
  }
}

function progress(message: string): void {
  console.error(`[bench] ${message}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
