/**
 * `node dist/bench/heavy-neighbour.js`: what one person's heaviest requests cost another person.
 * One person (the attacker) keeps `--in-flight` heavy `tools/call` requests going for
 * `--seconds`, while another person calls `get_me` one after another; the row is that other
 * person's p50/p95/max and how many of their calls got 503. On SQLite, then on PostgreSQL with
 * the Redis rate store (skipped with the reason when unreachable).
 *
 * The heavy requests: `meta` = 60,000 small keys in `_meta`, `arguments` = the same keys in
 * `arguments` (both about 860 KB, under the 1 MiB body cap), `accepted` = the heaviest request
 * the server accepts (every limit of the request-shape check at its maximum, see README), and
 * `none` = the attacker idle: the other person's latency on this machine at this moment, the
 * row to read the others against on a shared machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareStore } from './fixtures.js';
import { toolCall, type RpcRequest } from './load.js';
import { launchServer, stopAllServers } from './server-process.js';
import { crowdRateRule, type FullStackOptions } from './servers/protocol.js';

const postgresUrl = (schema: string) => `postgres://postgres@127.0.0.1:5432/test?schema=${schema}&pool_size=4`;
const redisUrl = 'redis://127.0.0.1:6379';

type Payload = 'none' | 'meta' | 'arguments' | 'accepted';

/** 60,000 keys of about 14 bytes each: the finding's 860 KB request. */
function manyKeys(count: number): Record<string, number> {
  const keys: Record<string, number> = {};
  for (let i = 0; i < count; i++) keys[`k${i}`] = i;
  return keys;
}

/**
 * The heaviest `tools/call` the request-shape check lets through (README, "Request limits"):
 * `arguments` holding objects of the most keys each (256), up to the total of 20,000 values in a
 * message, each value a short string, about 1 MiB in all.
 */
function heaviestAccepted(): Record<string, unknown> {
  const args: Record<string, unknown> = { survey_id: 'srv_demo_nps' };
  const objects = Math.floor((20_000 - 16) / 256);
  for (let i = 0; i < objects; i++) {
    const inner: Record<string, string> = {};
    for (let k = 0; k < 255; k++) inner[`k${k}`] = 'x'.repeat(36);
    args[`o${i}`] = inner;
  }
  return args;
}

function heavyRequest(url: string, token: string, payload: Payload): RpcRequest {
  const base = toolCall(url, token, 'get_survey', payload === 'accepted' ? heaviestAccepted() : payload === 'arguments' ? { survey_id: 'srv_demo_nps', ...manyKeys(60_000) } : { survey_id: 'srv_demo_nps' });
  if (payload !== 'meta') return base;
  const message = JSON.parse(base.body) as { params: Record<string, unknown> };
  message.params['_meta'] = manyKeys(60_000);
  return { ...base, body: JSON.stringify(message) };
}

export interface NeighbourRow {
  readonly store: string;
  readonly payload: Payload;
  readonly inFlight: number;
  readonly heavyBytes: number;
  readonly heavySent: number;
  readonly heavyStatuses: Record<string, number>;
  readonly calls: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  readonly status503: number;
  readonly otherStatuses: Record<string, number>;
  /** Server CPU time over the run per heavy request answered: the least load-dependent figure. */
  readonly serverCpuMsPerHeavy: number;
}

/** The HTTP status, and a JSON-RPC error's code after it (`200/-32602`). */
async function post(request: RpcRequest): Promise<string> {
  const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
  const text = await response.text();
  const code = /^\{"jsonrpc":"2\.0","id":[^,]*,"error":\{"code":(-?\d+)/.exec(text)?.[1];
  return code ? `${response.status}/${code}` : String(response.status);
}

async function measure(options: FullStackOptions, store: string, payload: Payload, inFlight: number, seconds: number, tokens: { attacker: string; other: string }): Promise<NeighbourRow> {
  const server = await launchServer('full-stack', { ...options, mcpRateLimit: crowdRateRule });
  try {
    const heavy = heavyRequest(server.url, tokens.attacker, payload);
    const getMe = toolCall(server.url, tokens.other, 'get_me', {});
    for (let i = 0; i < 20; i++) await post(getMe);
    const before = await server.sample();
    const deadline = Date.now() + seconds * 1000;
    const heavyStatuses: Record<string, number> = {};
    let heavySent = 0;
    const attacker = async () => {
      while (Date.now() < deadline) {
        heavySent++;
        const status = await post(heavy).catch(() => 'failed');
        heavyStatuses[status] = (heavyStatuses[status] ?? 0) + 1;
      }
    };
    const latencies: number[] = [];
    const otherStatuses: Record<string, number> = {};
    const other = async () => {
      while (Date.now() < deadline) {
        const start = process.hrtime.bigint();
        const status = await post(getMe).catch(() => 'failed');
        latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
        otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
      }
    };
    await Promise.all([...Array.from({ length: payload === 'none' ? 0 : inFlight }, attacker), other()]);
    const after = await server.sample();
    const sorted = Float64Array.from(latencies).sort();
    const at = (q: number) => Math.round((sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN) * 10) / 10;
    return {
      store,
      payload,
      inFlight,
      heavyBytes: Buffer.byteLength(heavy.body),
      heavySent,
      heavyStatuses,
      calls: latencies.length,
      p50Ms: at(0.5),
      p95Ms: at(0.95),
      maxMs: at(1),
      status503: otherStatuses['503'] ?? 0,
      otherStatuses,
      serverCpuMsPerHeavy: heavySent === 0 ? 0 : Math.round((after.cpuMicros - before.cpuMicros) / 100 / heavySent) / 10,
    };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '15' },
      'in-flight': { type: 'string', default: '4' },
      payload: { type: 'string', multiple: true },
      stores: { type: 'string', default: 'sqlite,postgres' },
    },
  });
  const seconds = Number(values.seconds);
  const inFlight = Number(values['in-flight']);
  const payloads = (values.payload ?? ['none', 'meta', 'arguments', 'accepted']) as Payload[];
  const scratch = await mkdtemp(join(tmpdir(), 'survey-mcp-neighbour-'));
  console.log(`heavy neighbour, ${new Date().toISOString()}: load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  try {
    const rows: NeighbourRow[] = [];
    const variants: Array<{ store: string; options: FullStackOptions }> = [];
    if (values.stores.includes('sqlite')) variants.push({ store: 'SQLite', options: { db: join(scratch, 'demo.db') } });
    if (values.stores.includes('postgres')) {
      variants.push({ store: 'PostgreSQL + Redis', options: { db: postgresUrl('bench_neighbour'), rateStore: redisUrl } });
    }
    for (const { store, options } of variants) {
      let tokens: { attacker: string; other: string };
      try {
        const prepared = await prepareStore(options.db);
        tokens = { attacker: prepared.token, other: prepared.crowd[0]! };
      } catch (error) {
        console.log(`${store}: skipped (${error instanceof Error ? error.message : String(error)})`);
        continue;
      }
      for (const payload of payloads) {
        const row = await measure(options, store, payload, inFlight, seconds, tokens);
        rows.push(row);
        console.log(JSON.stringify(row));
      }
    }
    console.log('\n| store | heavy request | in flight | heavy answers | server CPU ms per heavy | other: calls | p50 ms | p95 ms | max ms | 503s |');
    console.log('|---|---|---:|---|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      const answers = Object.entries(r.heavyStatuses).map(([s, n]) => `${n}×${s}`).join(' ');
      console.log(`| ${r.store} | ${r.payload} (${Math.round(r.heavyBytes / 1024)} KiB) | ${r.inFlight} | ${answers} | ${r.serverCpuMsPerHeavy} | ${r.calls} | ${r.p50Ms} | ${r.p95Ms} | ${r.maxMs} | ${r.status503} |`);
    }
    console.log(`load average at the end ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  } finally {
    await stopAllServers();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
