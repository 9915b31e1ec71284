/**
 * `npm run bench`: one bounded run on loopback that measures, in a pinned order, the full stack
 * against the ceiling and the naive alternative, the 1M-response calls, the rate limiter alone and
 * the other backends; prints the tables and writes bench/results.json. Every server child is
 * stopped at the end, whatever happens.
 *
 * `--profile DIR`: the server children write V8 CPU profiles (`--cpu-prof`) into DIR.
 * `--soak-minutes N`: how long the soak row runs per store (default 5; 0 leaves it out).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { breakdown } from './breakdown.js';
import { benchInProcessLog, benchRedisLog } from './limiter.js';
import { crowdSize, millionSurvey, prepareStore, type BenchTokens } from './fixtures.js';
import { measureSequential, measureThroughput, modernToolCall, send, toolCall, toolFailure, type RpcRequest, type ThroughputResult } from './load.js';
import { renderReport, writeResults, type BenchResults, type Outcome } from './report.js';
import { launchServer, stopAllServers, type LaunchOptions, type ServerProcess } from './server-process.js';
import type { ServiceSources } from './service-cpu.js';
import { neighbourPostgresUrl, neighbourRedisUrl, neighbourRow, type NeighbourRow } from './neighbour-row.js';
import { soakRows } from './soak-row.js';
import { benchRateRule, crowdRateRule, type FullStackOptions } from './servers/protocol.js';

const timing = { warmupS: 2, durationS: 6 };
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
const demoSurvey = { survey_id: 'srv_demo_nps' };
const resultsFile = fileURLToPath(new URL('../../bench/results.json', import.meta.url));

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { profile: { type: 'string' }, 'soak-minutes': { type: 'string', default: '5' } } });
  const soakMinutes = Number(values['soak-minutes']);
  if (!(soakMinutes >= 0)) throw new Error(`--soak-minutes '${values['soak-minutes']}' must be a number of minutes, 0 to leave the soak out`);
  const launch: LaunchOptions = values.profile ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] } : {};
  const scratch = await mkdtemp(join(tmpdir(), 'survey-mcp-bench-'));
  const started = process.hrtime.bigint();
  try {
    const results = await runCases(scratch, launch, soakMinutes);
    console.log(renderReport(results));
    await writeResults(resultsFile, results);
    console.log(`\nwrote ${resultsFile} (${Math.round(Number(process.hrtime.bigint() - started) / 1e9)} s in all)`);
  } finally {
    await stopAllServers();
    await rm(scratch, { recursive: true, force: true });
  }
}

async function runCases(scratch: string, launch: LaunchOptions, soakMinutes: number): Promise<BenchResults> {
  const demoDb = join(scratch, 'demo.db');
  const loadAverage = Math.round(loadavg()[0]! * 100) / 100;
  if (loadAverage > 0.5) progress(`load average ${loadAverage}: other work is using the cores, expect lower req/s`);
  const tokens = await prepareStore(demoDb);
  const { token } = tokens;
  const throughput: BenchResults['throughput'] = {};

  // 1. The full stack under the realistic load, then one person alone, and the exact answer the
  // ceiling will replay.
  progress(`1/7 full stack on SQLite: ${crowdSize} people, then one`);
  const fullStack = await launchServer('full-stack', { db: demoDb, mcpRateLimit: crowdRateRule }, launch);
  const ours = await send(toolCall(fullStack.url, token, 'get_survey', demoSurvey));
  const failure = toolFailure(ours);
  if (failure) throw new Error(`the full stack cannot answer get_survey, nothing to measure: ${failure}`);
  throughput.fullStack = await outcome(() => throughputOf(crowdCalls(fullStack.url, tokens), fullStack));
  // The same calls in the 2026-07-28 era, answered by the SDK 2.x server beside the 1.x one.
  throughput.fullStackModern = await outcome(async () => {
    await expectSameResult(modernToolCall(fullStack.url, token, 'get_survey', demoSurvey), ours.body);
    return throughputOf(crowdCalls(fullStack.url, tokens, modernToolCall), fullStack);
  });
  await fullStack.stop();
  // What an operator's `serve` pays for watching it: the same crowd with metrics and the JSON log on.
  throughput.fullStackTelemetry = await outcome(async () => {
    const watched = await launchServer('full-stack', { db: demoDb, mcpRateLimit: crowdRateRule, telemetry: true }, launch);
    try {
      return await throughputOf(crowdCalls(watched.url, tokens), watched);
    } finally {
      await watched.stop();
    }
  });
  throughput.fullStackOneKey = await outcome(() => throughputAt32({ db: demoDb }, [toolCall('', token, 'get_survey', demoSurvey)], launch));
  // With no server running, so that nothing competes with it for the cores.
  const costs = await outcome(() => breakdown(demoDb, token, demoSurvey.survey_id));

  progress('2/7 ceiling');
  throughput.ceiling = await outcome(async () => {
    const ceiling = await launchServer('ceiling', { body: ours.body, contentType: ours.contentType }, launch);
    try {
      return await throughputOf([toolCall(ceiling.url, token, 'get_survey', demoSurvey)], ceiling);
    } finally {
      await ceiling.stop();
    }
  });

  progress('3/7 naive SDK stateless pattern');
  throughput.naive = await outcome(async () => {
    const naive = await launchServer('naive', { db: demoDb }, launch);
    try {
      await expectSameResult(toolCall(naive.url, token, 'get_survey', demoSurvey), ours.body);
      return await throughputOf([toolCall(naive.url, token, 'get_survey', demoSurvey)], naive);
    } finally {
      await naive.stop();
    }
  });

  progress('4/7 1,000,000 responses');
  const million = await outcome(async () => {
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

  progress('5/7 rate limiter alone');
  const redisDown = await unreachableRedis();
  const limiter: BenchResults['limiter'] = {};
  for (const entries of limiterEntries) {
    const live = `${entries.toLocaleString('en')} live entries`;
    limiter[`in-process (SQLite write-behind), ${live}`] = await outcome(() => benchInProcessLog(limiterMs, entries));
    limiter[`redis, ${live}`] = redisDown ? { skipped: redisDown } : await outcome(() => benchRedisLog(limiterMs, redisUrl, entries));
  }

  progress('6/7 full stack on the other backends, 32 connections');
  // Redis first: the PostgreSQL row differs from it in the store alone (a PostgreSQL store needs a
  // shared rate store, so it runs with the same Redis limiter).
  throughput.fullStackRedis = redisDown
    ? { skipped: redisDown }
    : await outcome(() =>
        throughputAt32({ db: demoDb, rateStore: redisUrl, mcpRateLimit: crowdRateRule }, crowdCalls('', tokens), launch, { redisUrl }),
      );
  throughput.fullStackPostgres = await outcome(async () => {
    if (redisDown) return { skipped: `a PostgreSQL store needs the Redis rate store: ${redisDown}` };
    const prepared = await prepareStore(postgresUrl).catch((error: Error) => error);
    if (prepared instanceof Error) return { skipped: `${postgresUrl} unusable: ${prepared.message}` };
    const services = { postgresUrl, redisUrl };
    return throughputAt32({ db: postgresUrl, rateStore: redisUrl, mcpRateLimit: crowdRateRule }, crowdCalls('', prepared), launch, services);
  });

  // One person's costliest accepted request against another person's get_me, on each store.
  progress('heavy neighbour: the search (150,000-response survey seeded on first use), then 8 s each idle, heaviest and hung-up batches, and a burst of 120, on SQLite and PostgreSQL + Redis');
  const neighbour: NeighbourRow[] = [await neighbourRow('SQLite', { db: join(scratch, 'neighbour.db') }, 8)];
  await neighbourRow('PostgreSQL + Redis', { db: neighbourPostgresUrl, rateStore: neighbourRedisUrl }, 8).then(
    (row) => neighbour.push(row),
    (error: unknown) => progress(`heavy neighbour on PostgreSQL + Redis skipped: ${error instanceof Error ? error.message : String(error)}`),
  );

  // Last: the longest row, memory over minutes of mixed calls in both eras, on each store.
  let soak: BenchResults['soak'];
  if (soakMinutes > 0) {
    progress(`7/7 soak: ${soakMinutes} min of mixed calls on SQLite, then on PostgreSQL + Redis`);
    soak = await soakRows(['sqlite', 'postgres'], soakMinutes, scratch);
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
    settings: { ...timing, connections: connectionCounts, rateRule: crowdRateRule, oneKeyRateRule: benchRateRule, people: crowdSize },
    throughput,
    million,
    limiter,
    breakdown: costs,
    answerBytes: Buffer.byteLength(ours.body),
    neighbour,
    ...(soak && { soak }),
  };
}

/** One get_survey call per person of the crowd, sent in turn on every connection. */
function crowdCalls(url: string, tokens: BenchTokens, call = toolCall): RpcRequest[] {
  return tokens.crowd.map((crowdToken) => call(url, crowdToken, 'get_survey', demoSurvey));
}

async function throughputOf(requests: readonly RpcRequest[], server: ServerProcess): Promise<ThroughputResult[]> {
  const runs: ThroughputResult[] = [];
  for (const connections of connectionCounts) runs.push(await measureThroughput(server, requests, connections, timing));
  return runs;
}

/** `requests` are built before the server's URL is known: their URL is set here. */
async function throughputAt32(
  options: FullStackOptions,
  requests: readonly RpcRequest[],
  launch: LaunchOptions,
  services?: ServiceSources,
): Promise<ThroughputResult[]> {
  const server = await launchServer('full-stack', options, launch);
  try {
    return [await measureThroughput(server, requests.map((request) => ({ ...request, url: server.url })), 32, timing, services)];
  } finally {
    await server.stop();
  }
}

/** Another server or era must do the very same work: its tool result must equal ours. */
async function expectSameResult(request: RpcRequest, oursBody: string): Promise<void> {
  const answer = await send(request);
  const failure = toolFailure(answer);
  if (failure) throw new Error(`it cannot answer get_survey: ${failure}`);
  // Without the fields only the 2026-07-28 era stamps on a result.
  const resultOf = (body: string) => {
    const { resultType: _type, _meta: _server, ...result } = (JSON.parse(body) as { result: Record<string, unknown> }).result;
    return JSON.stringify(result);
  };
  if (resultOf(answer.body) !== resultOf(oursBody)) throw new Error('its get_survey result differs from the full stack\'s');
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
