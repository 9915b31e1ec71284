import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareStore } from './dist/bench/fixtures.js';
import { crowdCalls, measureThroughput, modernToolCall, toolCall } from './dist/bench/load.js';
import { launchServer, stopAllServers } from './dist/bench/server-process.js';
import { crowdRateRule } from './dist/bench/servers/protocol.js';
const execArgv = process.argv.slice(2);
const mib = (b) => (b / 1048576).toFixed(0);
const scratch = await mkdtemp(join(tmpdir(), 'rss-exp-'));
const db = join(scratch, 'demo.db');
const tokens = await prepareStore(db);
const server = await launchServer('full-stack', { db, mcpRateLimit: crowdRateRule }, { execArgv });
const out = [];
for (let round = 1; round <= 3; round++) {
  for (const [era, call] of Object.entries({ legacy: toolCall, modern: modernToolCall })) {
    const row = await measureThroughput(server, crowdCalls(server.url, tokens.crowd, call), 32, { warmupS: 1, durationS: 5 });
    const s = await server.sample();
    out.push(`${round}${era[0]} ${row.requestsPerSecond}rps cpu${row.serverCpuMicrosPerRequest} peak${mib(row.peakRssBytes)} rss${mib(s.rssBytes)} heap${mib(s.heapUsedBytes)}`);
  }
}
await new Promise((r) => setTimeout(r, 3000));
const s = await server.sample();
out.push(`idle3s rss${mib(s.rssBytes)} heap${mib(s.heapUsedBytes)}`);
console.log(execArgv.join(' ') || '(none)', '\n ' + out.join('\n '));
const { readFileSync } = await import('node:fs');
console.log(readFileSync(`/proc/${server.pid}/status`, 'utf8').split('\n').filter((l) => /Rss|VmRSS|VmHWM/.test(l)).join('  '));
const { execSync } = await import('node:child_process');
console.log(execSync(`pmap -x ${server.pid} | sort -k3 -n -r | head -15`).toString());
await server.stop(); await stopAllServers();
