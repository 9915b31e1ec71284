/**
 * The PostgreSQL + Redis row of `npm run bench` alone, several rounds: `tools/call get_survey`,
 * 16 people, 32 connections, with the CPU per request of the server, its PostgreSQL backends and
 * Redis. A whole bench takes minutes; this takes `rounds` × 8 s, for before/after comparisons.
 * `node dist/bench/postgres-row.js [rounds] [--connections N] [--profile DIR]` (N: 32 unless given;
 * DIR: the server's `--cpu-prof`, for profile-summary.js).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { prepareStore } from './fixtures.js';
import { crowdCalls, measureThroughput } from './load.js';
import { launchServer, stopAllServers } from './server-process.js';
import { crowdRateRule } from './servers/protocol.js';

// As run.ts measures the row: its pool of 4, its application name for the backends' CPU.
const postgresUrl = 'postgres://postgres@127.0.0.1:5432/test?schema=bench&pool_size=4&application_name=survey-mcp-bench';
const redisUrl = 'redis://127.0.0.1:6379';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { profile: { type: 'string' }, connections: { type: 'string', default: '32' } }, allowPositionals: true });
  const rounds = Number(positionals[0] ?? 2);
  const launch = values.profile ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] } : {};
  const { crowd } = await prepareStore(postgresUrl);
  const server = await launchServer('full-stack', { db: postgresUrl, rateStore: redisUrl, mcpRateLimit: crowdRateRule }, launch);
  try {
    const calls = crowdCalls(server.url, crowd);
    for (let round = 1; round <= rounds; round++) {
      const load = loadavg()[0]!.toFixed(2);
      const row = await measureThroughput(server, calls, Number(values.connections), { warmupS: 2, durationS: 6 }, { postgresUrl, redisUrl });
      console.log(
        `round ${round} (load ${load}): ${row.requestsPerSecond} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ` +
          `server ${row.serverCpuMicrosPerRequest} µs/req (${row.serverCpuPercent} % CPU), ` +
          `PostgreSQL ${row.postgresCpuMicrosPerRequest} µs/req, Redis ${row.redisCpuMicrosPerRequest} µs/req`,
      );
    }
  } finally {
    await server.stop();
    await stopAllServers();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
