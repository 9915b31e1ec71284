/**
 * `node dist/bench/heavy-neighbour.js [--seconds 8] [--stores sqlite,postgres] [--profile DIR]`: the heavy-neighbour
 * row of `npm run bench` alone (neighbour-row.ts): the search for the costliest accepted request,
 * then another person's `get_me` latency with the attacker idle, sending it with 4 in flight, and
 * hanging up on batches. On SQLite, then on PostgreSQL with the Redis rate store (skipped with the
 * reason when unreachable). `--profile DIR`: the server children write V8 CPU profiles there.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { neighbourPostgresUrl, neighbourRedisUrl, neighbourRow, neighbourTable, type NeighbourRow } from './neighbour-row.js';
import { stopAllServers, type LaunchOptions } from './server-process.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '8' }, stores: { type: 'string', default: 'sqlite,postgres' }, profile: { type: 'string' } } });
  const launch: LaunchOptions = values.profile ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] } : {};
  const seconds = Number(values.seconds);
  const scratch = await mkdtemp(join(tmpdir(), 'survey-mcp-neighbour-'));
  console.log(`heavy neighbour, ${new Date().toISOString()}: load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  try {
    const rows: NeighbourRow[] = [];
    if (values.stores.includes('sqlite')) rows.push(await neighbourRow('SQLite', { db: join(scratch, 'demo.db') }, seconds, launch));
    if (values.stores.includes('postgres')) {
      try {
        rows.push(await neighbourRow('PostgreSQL + Redis', { db: neighbourPostgresUrl, rateStore: neighbourRedisUrl }, seconds, launch));
      } catch (error) {
        console.log(`PostgreSQL + Redis: skipped (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    console.log(neighbourTable(rows));
    console.log(`load average at the end ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  } finally {
    await stopAllServers();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
