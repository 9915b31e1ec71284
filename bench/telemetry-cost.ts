/**
 * `node dist/bench/telemetry-cost.js [--rounds 5] [--connections 8] [--seconds 6] [--only both]`:
 * what metrics and the JSON request log cost, measured as `npm run bench` measures its full-stack
 * row (16 people, cached `get_survey`), with the configurations interleaved round by round so
 * that a machine whose load drifts weighs on each alike. Prints each round, then the medians:
 * requests/s, server CPU µs per request, each configuration's cost per request beside off, and
 * the median of each round's ratio to off in that round (the figure a drifting load moves least).
 * `--profile DIR`: the server children write V8 CPU profiles there.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareStore } from './fixtures.js';
import { measureThroughput, toolCall, type ThroughputResult } from './load.js';
import { launchServer, stopAllServers, type LaunchOptions } from './server-process.js';
import { crowdRateRule, type FullStackOptions } from './servers/protocol.js';

const configurations = { off: false, metrics: 'metrics', log: 'log', both: true } as const satisfies Record<string, FullStackOptions['telemetry']>;
type Configuration = keyof typeof configurations;

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '8' },
      seconds: { type: 'string', default: '6' },
      only: { type: 'string', default: 'metrics,log,both' },
      profile: { type: 'string' },
    },
  });
  const rounds = Number(values.rounds);
  const connections = Number(values.connections);
  const timing = { warmupS: 2, durationS: Number(values.seconds) };
  const shown = ['off', ...values.only.split(',')] as Configuration[];
  for (const name of shown) if (!(name in configurations)) throw new Error(`--only '${name}' must be among ${Object.keys(configurations).join(', ')}`);
  const launch: LaunchOptions = values.profile ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] } : {};
  const scratch = await mkdtemp(join(tmpdir(), 'survey-mcp-telemetry-cost-'));
  console.log(`telemetry cost, ${new Date().toISOString()}: load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  try {
    const db = join(scratch, 'demo.db');
    const tokens = await prepareStore(db);
    const results = new Map<Configuration, ThroughputResult[]>(shown.map((name) => [name, []]));
    for (let round = 1; round <= rounds; round++) {
      // Each round in another order, so that none always runs first.
      const order = shown.map((_, i) => shown[(i + round - 1) % shown.length]!);
      for (const name of order) {
        const server = await launchServer('full-stack', { db, mcpRateLimit: crowdRateRule, telemetry: configurations[name] } satisfies FullStackOptions, launch);
        try {
          const requests = tokens.crowd.map((token) => toolCall(server.url, token, 'get_survey', { survey_id: 'srv_demo_nps' }));
          const result = await measureThroughput(server, requests, connections, timing);
          results.get(name)!.push(result);
          console.log(`round ${round} ${name.padEnd(7)} ${String(result.requestsPerSecond).padStart(6)} req/s  ${String(result.serverCpuMicrosPerRequest).padStart(4)} CPU µs/req`);
        } finally {
          await server.stop();
        }
      }
    }
    const off = results.get('off')!;
    const offRps = median(off.map((r) => r.requestsPerSecond));
    const offWall = 1e6 / offRps;
    const offCpu = median(off.map((r) => r.serverCpuMicrosPerRequest));
    console.log(`\nmedians of ${rounds} rounds, ${connections} connections:`);
    console.log('configuration  req/s   vs off   µs/req (wall)  CPU µs/req  CPU vs off  round by round vs off');
    for (const [name, runs] of results) {
      const rps = median(runs.map((r) => r.requestsPerSecond));
      const cpu = median(runs.map((r) => r.serverCpuMicrosPerRequest));
      const wall = 1e6 / rps;
      const ratio = `${((rps / offRps - 1) * 100).toFixed(1)} %`;
      const paired = `${((median(runs.map((r, i) => r.requestsPerSecond / off[i]!.requestsPerSecond)) - 1) * 100).toFixed(1)} %`;
      console.log(
        `${name.padEnd(13)} ${String(rps).padStart(6)}  ${ratio.padStart(7)}  ${wall.toFixed(1).padStart(6)} (+${(wall - offWall).toFixed(1)})  ${String(cpu).padStart(6)}      +${cpu - offCpu}      ${paired.padStart(7)}`,
      );
    }
    console.log(`load average at the end ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  } finally {
    await stopAllServers();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
