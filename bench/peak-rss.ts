/**
 * `node dist/bench/peak-rss.js [--runs 5]`: the peak resident memory of the full stack under the
 * two era rows of `npm run bench` (16 people, `tools/call get_survey`, 1, 8 and 32 connections,
 * 2025-11-25 then 2026-07-28), run after run, each on a new store and a new server, so that one
 * lucky run cannot stand for the rest. Per run and era: the peak RSS over its three rows (sampled
 * every 200 ms) and the server's CPU µs per request at 32 connections.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareStore } from './fixtures.js';
import { crowdCalls, measureThroughput, modernToolCall, toolCall } from './load.js';
import { launchServer, stopAllServers } from './server-process.js';
import { crowdRateRule } from './servers/protocol.js';

const timing = { warmupS: 2, durationS: 6 };
const connectionCounts = [1, 8, 32] as const;
const eras = { '2025-11-25': toolCall, '2026-07-28': modernToolCall } as const;
const mib = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs '${values.runs}' must be a whole number of 1 or more`);
  const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
  console.log(`peak RSS, ${new Date().toISOString()}: ${runs} runs, load average ${load()}`);
  console.log('| run | era | peak RSS MiB | CPU µs/req, 32 conns | req/s, 32 conns |');
  console.log('|---:|---|---:|---:|---:|');
  const peaks: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const scratch = await mkdtemp(join(tmpdir(), 'survey-mcp-peak-rss-'));
    try {
      const db = join(scratch, 'demo.db');
      const tokens = await prepareStore(db);
      const server = await launchServer('full-stack', { db, mcpRateLimit: crowdRateRule });
      try {
        for (const [era, call] of Object.entries(eras)) {
          const calls = crowdCalls(server.url, tokens.crowd, call);
          const rows = [];
          for (const connections of connectionCounts) rows.push(await measureThroughput(server, calls, connections, timing));
          const peak = mib(Math.max(...rows.map((row) => row.peakRssBytes)));
          peaks.push(peak);
          const at32 = rows.at(-1)!;
          console.log(`| ${run} | ${era} | ${peak} | ${at32.serverCpuMicrosPerRequest} | ${at32.requestsPerSecond} |`);
        }
      } finally {
        await server.stop();
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  console.log(`highest peak ${Math.max(...peaks)} MiB over ${runs} runs; load average at the end ${load()}`);
}

try {
  await main();
} finally {
  await stopAllServers();
}
