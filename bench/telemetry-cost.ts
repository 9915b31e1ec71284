/**
 * `node dist/bench/telemetry-cost.js [--bursts 12] [--seconds 2] [--connections 8] [--only metrics,log,both] [--against DIST]`:
 * what metrics and the JSON request log cost, on the bench's full-stack row (16 people, cached
 * `get_survey`). One server a configuration (off, metrics, log, both), all started at once, each
 * on its own copy of the store; then short bursts of load, one server at a time in turn, so that a
 * machine whose load comes and goes weighs on each alike. Reports per configuration the best
 * burst (the most requests/s, the least server CPU per request: the bursts least disturbed by
 * other work), the median and range of its CPU per request, and the median of each turn's
 * requests/s beside off's in the same turn.
 * `--against DIST`: before and after on one machine state: the same configurations also run on the
 * server of another build (e.g. the main checkout's `dist`), taking their turns among this one's,
 * each compared with its own build's off.
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

/** One server: a configuration of this build, or of the build given with `--against`. */
interface Contender {
  readonly label: string;
  readonly configuration: Configuration;
  readonly build?: string;
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;
const cpuPerRequest = (run: ThroughputResult) => run.serverCpuMicros / run.requests;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      bursts: { type: 'string', default: '12' },
      seconds: { type: 'string', default: '2' },
      connections: { type: 'string', default: '8' },
      only: { type: 'string', default: 'metrics,log,both' },
      against: { type: 'string' },
      profile: { type: 'string' },
    },
  });
  const bursts = Number(values.bursts);
  const connections = Number(values.connections);
  const timing = { warmupS: 1, durationS: Number(values.seconds) };
  const shown = ['off', ...values.only.split(',')] as Configuration[];
  for (const name of shown) if (!(name in configurations)) throw new Error(`--only '${name}' must be among ${Object.keys(configurations).join(', ')}`);
  const contenders: Contender[] = shown.flatMap((configuration) => [
    ...(values.against ? [{ label: `${configuration} (against)`, configuration, build: values.against }] : []),
    { label: configuration, configuration },
  ]);
  const own: LaunchOptions = values.profile ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] } : {};
  const scratch = await mkdtemp(join(tmpdir(), 'survey-mcp-telemetry-cost-'));
  console.log(`telemetry cost, ${new Date().toISOString()}: load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  if (values.against) console.log(`against: ${values.against}`);
  try {
    const seeded = join(scratch, 'demo.db');
    const tokens = await prepareStore(seeded);
    const servers = new Map<Contender, ServerProcess>();
    for (const [i, contender] of contenders.entries()) {
      const db = join(scratch, `${i}.db`);
      await copyFile(seeded, db);
      const options = { db, mcpRateLimit: crowdRateRule, telemetry: configurations[contender.configuration] } satisfies FullStackOptions;
      servers.set(contender, await launchServer('full-stack', options, { ...own, ...(contender.build && { build: contender.build }) }));
    }
    const results = new Map<Contender, ThroughputResult[]>(contenders.map((contender) => [contender, []]));
    for (let burst = 0; burst < bursts; burst++) {
      // Each turn in another order, so that none always follows the same one.
      for (const contender of contenders.map((_, i) => contenders[(i + burst) % contenders.length]!)) {
        const server = servers.get(contender)!;
        const requests = tokens.crowd.map((token) => toolCall(server.url, token, 'get_survey', { survey_id: 'srv_demo_nps' }));
        results.get(contender)!.push(await measureThroughput(server, requests, connections, timing));
      }
      console.log(`turn ${burst + 1}: ${contenders.map((c) => `${c.label} ${results.get(c)!.at(-1)!.requestsPerSecond}`).join(', ')} req/s`);
    }
    console.log(`\n${bursts} turns of ${timing.durationS} s, ${connections} connections:`);
    console.log('configuration         best req/s  vs off  least CPU µs/req  median CPU µs/req (range)  median turn vs off  median CPU off ÷ this');
    for (const [contender, runs] of results) {
      const off = results.get(contenders.find((c) => c.configuration === 'off' && c.build === contender.build)!)!;
      const rps = Math.max(...runs.map((r) => r.requestsPerSecond));
      const cpus = runs.map(cpuPerRequest);
      const paired = median(runs.map((r, i) => r.requestsPerSecond / off[i]!.requestsPerSecond));
      const cpuRatio = median(runs.map((r, i) => cpuPerRequest(off[i]!) / cpuPerRequest(r)));
      console.log(
        [
          contender.label.padEnd(20),
          String(rps).padStart(11),
          percent(rps / Math.max(...off.map((r) => r.requestsPerSecond))).padStart(7),
          Math.min(...cpus).toFixed(1).padStart(16),
          `${median(cpus).toFixed(1)} (${Math.min(...cpus).toFixed(1)}–${Math.max(...cpus).toFixed(1)})`.padStart(25),
          percent(paired).padStart(18),
          cpuRatio.toFixed(3).padStart(20),
        ].join('  '),
      );
    }
    console.log(`load average at the end ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  } finally {
    await stopAllServers();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
