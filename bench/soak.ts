/**
 * `node dist/bench/soak.js [--minutes 5] [--stores sqlite,postgres]`: the soak row of
 * `npm run bench` alone (soak-row.ts). `--minutes` defaults to 5, or `SURVEY_MCP_SOAK_MINUTES`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { crowdSize } from './fixtures.js';
import { stopAllServers } from './server-process.js';
import { soakConnections, soakRows, soakTable, type SoakStore } from './soak-row.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: process.env.SURVEY_MCP_SOAK_MINUTES ?? '5' },
      stores: { type: 'string', default: 'sqlite,postgres' },
    },
  });
  const minutes = Number(values.minutes);
  if (!(minutes > 0)) throw new Error(`--minutes '${values.minutes}' must be a positive number`);
  const stores = values.stores.split(',').filter((store): store is SoakStore => store === 'sqlite' || store === 'postgres');
  const load = () => loadavg().map((v) => v.toFixed(2)).join(' ');
  const scratch = await mkdtemp(join(tmpdir(), 'survey-mcp-soak-'));
  console.log(`soak, ${new Date().toISOString()}: ${minutes} min per store, ${soakConnections} connections, ${crowdSize} people, load average ${load()}`);
  try {
    const rows = await soakRows(stores, minutes, scratch);
    console.log(JSON.stringify(rows));
    console.log(`\n${soakTable(rows)}`);
    console.log(`load average at the end ${load()}`);
  } finally {
    await stopAllServers();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
