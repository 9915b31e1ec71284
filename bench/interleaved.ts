/**
 * The rows of issue 47, measured in interleaved rounds so that a machine whose load comes and goes
 * weighs on each alike: in every round, one after another, the ceiling, both eras with telemetry
 * off and on, and PostgreSQL + Redis; `tools/call get_survey`, 16 people, 32 connections. Every
 * server is started once, on its own copy of the store, and kept for all the rounds, so the
 * era servers' memory is measured after both eras' loads, round after round.
 */
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchRow } from './bench-flags.js';
import { prepareStore, type BenchTokens } from './fixtures.js';
import { crowdCalls, demoSurvey, expectSameResult, measureThroughput, modernToolCall, toolCall, type Answer, type RpcRequest, type ThroughputResult } from './load.js';
import type { Outcome } from './outcome.js';
import { launchServer, type LaunchOptions, type ServerProcess } from './server-process.js';
import type { ServiceSources } from './service-cpu.js';
import { crowdRateRule, type FullStackOptions } from './servers/protocol.js';

/** The loads of a round, in the order each round runs them (off before on, era by era). */
export const interleavedLoads = ['ceiling', 'legacy', 'legacyWatched', 'modern', 'modernWatched', 'postgres'] as const;
export type InterleavedLoad = (typeof interleavedLoads)[number];

export const interleavedConnections = 32;

export interface InterleavedResults {
  readonly rounds: number;
  readonly connections: number;
  readonly warmupS: number;
  readonly durationS: number;
  /** Per load, its figures round by round (index = round), or why it did not run. */
  readonly loads: Partial<Record<InterleavedLoad, Outcome<readonly ThroughputResult[]>>>;
  /** RSS of the era servers sampled after the last round: after both eras' loads, every round. */
  readonly rssAfterBytes: { readonly off?: number; readonly on?: number };
}

export interface InterleavedSetup {
  readonly rows: ReadonlySet<BenchRow>;
  readonly rounds: number;
  readonly timing: { readonly warmupS: number; readonly durationS: number };
  /** The demo store the other rows use: each server here gets a copy of it. */
  readonly demoDb: string;
  readonly tokens: BenchTokens;
  readonly scratch: string;
  /** The full stack's own `get_survey` answer, which the ceiling replays. */
  readonly answer: Answer;
  readonly launch: LaunchOptions;
  readonly postgresUrl: string;
  readonly redisUrl: string;
  /** Why Redis cannot be used, when it cannot (the PostgreSQL row then says so). */
  readonly redisDown?: string;
  readonly progress: (message: string) => void;
}

interface Contender {
  readonly server: ServerProcess;
  readonly requests: readonly RpcRequest[];
  readonly services?: ServiceSources;
}


/** Which loads the selected rows need: the ceiling for any ratio to it, telemetry off for both eras' rows. */
export function loadsFor(rows: ReadonlySet<BenchRow>): InterleavedLoad[] {
  const wanted = new Set<InterleavedLoad>();
  if (rows.has('eras') || rows.has('postgres')) wanted.add('ceiling');
  if (rows.has('eras') || rows.has('telemetry')) (['legacy', 'modern'] as const).forEach((load) => wanted.add(load));
  if (rows.has('telemetry')) (['legacyWatched', 'modernWatched'] as const).forEach((load) => wanted.add(load));
  if (rows.has('postgres')) wanted.add('postgres');
  return interleavedLoads.filter((load) => wanted.has(load));
}

export async function interleavedRounds(setup: InterleavedSetup): Promise<InterleavedResults> {
  const loads = loadsFor(setup.rows);
  const outcomes: Partial<Record<InterleavedLoad, Outcome<ThroughputResult[]>>> = {};
  const contenders = new Map<InterleavedLoad, Contender>();
  const servers: ServerProcess[] = [];
  const launched = async (options: FullStackOptions) => {
    const server = await launchServer('full-stack', options, setup.launch);
    servers.push(server);
    return server;
  };
  const rssAfterBytes: { off?: number; on?: number } = {};
  try {
    const crowd = (server: ServerProcess, call = toolCall, tokens = setup.tokens) => crowdCalls(server.url, tokens.crowd, call);
    if (loads.includes('ceiling')) {
      const server = await launchServer('ceiling', { body: setup.answer.body, contentType: setup.answer.contentType }, setup.launch);
      servers.push(server);
      contenders.set('ceiling', { server, requests: crowd(server) });
    }
    for (const watched of [false, true]) {
      const [legacy, modern] = watched ? (['legacyWatched', 'modernWatched'] as const) : (['legacy', 'modern'] as const);
      if (!loads.includes(legacy)) continue;
      const db = join(setup.scratch, watched ? 'interleaved-on.db' : 'interleaved-off.db');
      await copyFile(setup.demoDb, db);
      // Telemetry as a production `serve` runs it: metrics on, every request a JSON line written to a file.
      const server = await launched({ db, mcpRateLimit: crowdRateRule, ...(watched && { telemetry: true, logFile: join(setup.scratch, 'requests.log') }) });
      await expectSameResult(modernToolCall(server.url, setup.tokens.token, 'get_survey', demoSurvey), setup.answer.body);
      contenders.set(legacy, { server, requests: crowd(server) });
      contenders.set(modern, { server, requests: crowd(server, modernToolCall) });
    }
    if (loads.includes('postgres')) {
      const postgres = await postgresContender(setup, launched, crowd);
      if ('skipped' in postgres) {
        setup.progress(`skipped: ${postgres.skipped}`);
        outcomes.postgres = postgres;
      } else {
        contenders.set('postgres', postgres);
      }
    }
    const order = interleavedLoads.filter((load) => contenders.has(load));
    for (const load of order) outcomes[load] = [];
    for (let round = 1; round <= setup.rounds; round++) {
      setup.progress(`interleaved round ${round}/${setup.rounds}: ${order.join(', ')}`);
      for (const load of order) {
        const contender = contenders.get(load)!;
        const runs = outcomes[load];
        if (!Array.isArray(runs)) continue; // failed in an earlier round
        try {
          runs.push(await measureThroughput(contender.server, contender.requests, interleavedConnections, setup.timing, contender.services));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          setup.progress(`FAILED: ${load} in round ${round}: ${message}`);
          outcomes[load] = { failed: `round ${round}: ${message}` };
        }
      }
    }
    const off = contenders.get('legacy')?.server;
    const on = contenders.get('legacyWatched')?.server;
    if (off) rssAfterBytes.off = (await off.sample()).rssBytes;
    if (on) rssAfterBytes.on = (await on.sample()).rssBytes;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
  return { rounds: setup.rounds, connections: interleavedConnections, ...setup.timing, loads: outcomes, rssAfterBytes };
}

/** PostgreSQL store, Redis limiter, as the other PostgreSQL rows run it; or why it cannot run. */
async function postgresContender(
  setup: InterleavedSetup,
  launched: (options: FullStackOptions) => Promise<ServerProcess>,
  crowd: (server: ServerProcess, call: typeof toolCall, tokens: BenchTokens) => RpcRequest[],
): Promise<Contender | { skipped: string }> {
  if (setup.redisDown) return { skipped: `a PostgreSQL store needs the Redis rate store: ${setup.redisDown}` };
  const prepared = await prepareStore(setup.postgresUrl).catch((error: Error) => error);
  if (prepared instanceof Error) return { skipped: `${setup.postgresUrl} unusable: ${prepared.message}` };
  const server = await launched({ db: setup.postgresUrl, rateStore: setup.redisUrl, mcpRateLimit: crowdRateRule });
  return { server, requests: crowd(server, toolCall, prepared), services: { postgresUrl: setup.postgresUrl, redisUrl: setup.redisUrl } };
}
