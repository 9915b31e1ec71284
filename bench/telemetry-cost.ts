/**
 * `node dist/bench/telemetry-cost.js [--bursts 12] [--seconds 2] [--connections 8] [--only metrics,log,both]`:
 * what metrics and the JSON request log cost, on the bench's full-stack row (16 people, cached
 * `get_survey`). One server a configuration (off, metrics, log, both), all started at once, each
 * on its own copy of the store; then short bursts of load, one server at a time in turn, so that a
 * machine whose load comes and goes weighs on each alike. Reports per configuration the best
 * burst (the most requests/s, the least server CPU per request: the bursts least disturbed by
 * other work) and the median of each turn's requests/s beside off's in the same turn.
 * `--profile DIR`: the server children write V8 CPU profiles there.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareStore } from './fixtures.js';
import { measureThroughput, toolCall, type ThroughputResult } from './load.js';
import { launchServer, stopAllServers, type LaunchOptions, type ServerProcess } from './server-process.js';
import { crowdRateRule, type FullStackOptions } from './servers/protocol.js';

const configurations = { off: false, metrics: 'metrics', log: 'log', both: true } as const satisfies Record<string, FullStackOptions['telemetry']>;
type Configuration = keyof typeof configurations;

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      bursts: { type: 'string', default: '12' },
      seconds: { type: 'string', default: '2' },
      connections: { type: 'string', default: '8' },
      only: { type: 'string', default: 'metrics,log,both' },
      profile: { type: 'string' },
    },
  });
  const bursts = Number(values.bursts);
  const connections = Number(values.connections);
  const timing = { warmupS: 1, durationS: Number(values.seconds) };
  const shown = ['off', ...values.only.split(',')] as Configuration[];
  for (const name of shown) if (!(name in configurations)) throw new Error(`--only '${name}' must be among ${Object.keys(configurations).join(', ')}`);
  const launch: LaunchOptions = values.profile ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] } : {};
  const scratch = await mkdtemp(join(tmpdir(), 'survey-mcp-telemetry-cost-'));
  console.log(`telemetry cost, ${new Date().toISOString()}: load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  try {
    const seeded = join(scratch, 'demo.db');
    const tokens = await prepareStore(seeded);
    const servers = new Map<Configuration, ServerProcess>();
    for (const name of shown) {
      const db = join(scratch, `${name}.db`);
      await copyFile(seeded, db);
      servers.set(name, await launchServer('full-stack', { db, mcpRateLimit: crowdRateRule, telemetry: configurations[name] } satisfies FullStackOptions, launch));
    }
    const results = new Map<Configuration, ThroughputResult[]>(shown.map((name) => [name, []]));
    for (let burst = 0; burst < bursts; burst++) {
      // Each turn in another order, so that none always follows the same one.
      for (const name of shown.map((_, i) => shown[(i + burst) % shown.length]!)) {
        const server = servers.get(name)!;
        const requests = tokens.crowd.map((token) => toolCall(server.url, token, 'get_survey', { survey_id: 'srv_demo_nps' }));
        results.get(name)!.push(await measureThroughput(server, requests, connections, timing));
      }
      console.log(`turn ${burst + 1}: ${shown.map((name) => `${name} ${results.get(name)!.at(-1)!.requestsPerSecond}`).join(', ')} req/s`);
    }
    const off = results.get('off')!;
    const best = (runs: readonly ThroughputResult[]) => ({
      rps: Math.max(...runs.map((r) => r.requestsPerSecond)),
      cpu: Math.min(...runs.map((r) => r.serverCpuMicrosPerRequest)),
    });
    const offBest = best(off);
    console.log(`\n${bursts} turns of ${timing.durationS} s, ${connections} connections:`);
    console.log('configuration  best req/s  vs off  +µs/req   least CPU µs/req  +CPU µs  median turn vs off');
    for (const [name, runs] of results) {
      const { rps, cpu } = best(runs);
      const paired = median(runs.map((r, i) => r.requestsPerSecond / off[i]!.requestsPerSecond));
      console.log(
        `${name.padEnd(13)} ${String(rps).padStart(10)}  ${percent(rps / offBest.rps).padStart(7)}  ${(1e6 / rps - 1e6 / offBest.rps).toFixed(1).padStart(6)}  ${String(cpu).padStart(16)}  ${String(cpu - offBest.cpu).padStart(7)}  ${percent(paired).padStart(18)}`,
      );
    }
    console.log(`load average at the end ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  } finally {
    await stopAllServers();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
