/**
 * `node dist/bench/heavy-neighbour.js [--seconds 8] [--stores sqlite,postgres] [--profile DIR] [--against DIST --rounds N]`: the heavy-neighbour
 * row of `npm run bench` alone (neighbour-row.ts): the search for the costliest accepted request,
 * then another person's `get_me` latency with the attacker idle, sending it with 4 in flight, and
 * hanging up on batches. On SQLite, then on PostgreSQL with the Redis rate store (skipped with the
 * reason when unreachable). `--profile DIR`: the server children write V8 CPU profiles there.
 * `--against DIST`: before and after on one machine state, the server of another build (e.g. the
 * main checkout's `dist`) and this one's taking turns, `--rounds` times each, on each store.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { neighbourPostgresUrl, neighbourRedisUrl, neighbourRow, neighbourTable, type NeighbourRow } from './neighbour-row.js';
import { stopAllServers, type LaunchOptions } from './server-process.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '8' },
      stores: { type: 'string', default: 'sqlite,postgres' },
      profile: { type: 'string' },
      against: { type: 'string' },
      rounds: { type: 'string', default: '1' },
    },
  });
  const own: LaunchOptions = values.profile ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] } : {};
  const builds: Array<{ label: string; launch: LaunchOptions }> = values.against
    ? Array.from({ length: Number(values.rounds) }, () => [
        { label: ` (${values.against})`, launch: { ...own, build: values.against } },
        { label: ' (this build)', launch: own },
      ]).flat()
    : [{ label: '', launch: own }];
  const seconds = Number(values.seconds);
  const scratch = await mkdtemp(join(tmpdir(), 'survey-mcp-neighbour-'));
  console.log(`heavy neighbour, ${new Date().toISOString()}: load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  try {
    const rows: NeighbourRow[] = [];
    for (const { label, launch } of builds) {
      if (values.stores.includes('sqlite')) rows.push(await neighbourRow(`SQLite${label}`, { db: join(scratch, 'demo.db') }, seconds, launch));
    }
    for (const { label, launch } of builds) {
      if (!values.stores.includes('postgres')) break;
      try {
        rows.push(await neighbourRow(`PostgreSQL + Redis${label}`, { db: neighbourPostgresUrl, rateStore: neighbourRedisUrl }, seconds, launch));
      } catch (error) {
        console.log(`PostgreSQL + Redis: skipped (${error instanceof Error ? error.message : String(error)})`);
        break;
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
