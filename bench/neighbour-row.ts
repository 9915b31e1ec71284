/**
 * The heavy-neighbour row: what one person's costliest accepted request costs another person.
 * First a search: every candidate (batches in the revision that has them, the largest tool
 * answers, the largest accepted bodies, both eras) is sent a few times alone, and the one that
 * costs the server the most CPU while still answered 200 is the heaviest. Then, per store: the
 * other person's `get_me` latency with the attacker idle, with the heaviest sent at full budget
 * with 4 in flight, and with batches whose clients hang up after 100 ms (20 at once).
 */
import { Agent, request as httpRequest } from 'node:http';
import { prepareStore } from './fixtures.js';
import { modernToolCall, toolCall, type RpcRequest } from './load.js';
import { launchServer, type LaunchOptions, type ServerProcess } from './server-process.js';
import { crowdRateRule, type FullStackOptions } from './servers/protocol.js';

export interface Candidate {
  readonly label: string;
  readonly request: RpcRequest;
}

export interface SearchResult {
  readonly label: string;
  readonly status: string;
  readonly bodyBytes: number;
  readonly answerBytes: number;
  readonly serverCpuMs: number;
}

export interface NeighbourScenario {
  readonly scenario: 'idle' | 'heaviest' | 'hung-up batches';
  readonly request: string;
  readonly calls: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  readonly otherFailures: number;
  readonly heavySent: number;
  readonly rssPeakMb: number;
}

export interface NeighbourRow {
  readonly store: string;
  readonly search: readonly SearchResult[];
  readonly scenarios: readonly NeighbourScenario[];
}

export const neighbourPostgresUrl = 'postgres://postgres@127.0.0.1:5432/test?schema=bench_neighbour&pool_size=4';
export const neighbourRedisUrl = 'redis://127.0.0.1:6379';

const survey = { survey_id: 'srv_demo_nps' };
/** 2025-03-26, the last revision with JSON-RPC batches. */
const batchRevision = '2025-03-26';

function batchOf(url: string, token: string, tool: string, args: Record<string, unknown>, count: number): RpcRequest {
  const one = toolCall(url, token, tool, args);
  const message = JSON.parse(one.body) as Record<string, unknown>;
  const body = JSON.stringify(Array.from({ length: count }, (_, id) => ({ ...message, id })));
  return { url, headers: { ...one.headers, 'mcp-protocol-version': batchRevision }, body };
}

/** The request-shape limits at their maximum: 78 objects of 255 short strings in `arguments` (about 1 MiB). */
function heaviestBodyArgs(): Record<string, unknown> {
  const args: Record<string, unknown> = { ...survey };
  for (let i = 0; i < Math.floor((20_000 - 16) / 256); i++) {
    const inner: Record<string, string> = {};
    for (let k = 0; k < 255; k++) inner[`k${k}`] = 'x'.repeat(36);
    args[`o${i}`] = inner;
  }
  return args;
}

export function candidates(url: string, token: string): Candidate[] {
  const listing = { ...survey, limit: 100 };
  return [
    { label: 'batch: 100 × list_responses (limit 100), 2025-03-26', request: batchOf(url, token, 'list_responses', listing, 100) },
    { label: 'batch: 100 × get_survey, 2025-03-26', request: batchOf(url, token, 'get_survey', survey, 100) },
    { label: 'batch: 100 × get_survey_results, 2025-03-26', request: batchOf(url, token, 'get_survey_results', survey, 100) },
    { label: 'batch: 100 × list_responses, 2025-11-25', request: { ...batchOf(url, token, 'list_responses', listing, 100), headers: toolCall(url, token, 'ping', {}).headers } },
    { label: 'list_responses (limit 100)', request: toolCall(url, token, 'list_responses', listing) },
    { label: 'list_responses (limit 100), 2026-07-28', request: modernToolCall(url, token, 'list_responses', listing) },
    { label: 'get_survey_results', request: toolCall(url, token, 'get_survey_results', survey) },
    { label: 'get_survey_results, 2026-07-28', request: modernToolCall(url, token, 'get_survey_results', survey) },
    { label: 'largest accepted body (get_survey)', request: toolCall(url, token, 'get_survey', heaviestBodyArgs()) },
    { label: 'largest accepted body (get_survey), 2026-07-28', request: modernToolCall(url, token, 'get_survey', heaviestBodyArgs()) },
  ];
}

/** The HTTP status, and a JSON-RPC error's code after it (`200/-32602`), and the answer's size. */
async function post(request: RpcRequest, signal?: AbortSignal): Promise<{ status: string; bytes: number }> {
  const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, signal });
  const text = await response.text();
  const code = /^\{"jsonrpc":"2\.0","id":[^,]*,"error":\{"code":(-?\d+)/.exec(text)?.[1];
  return { status: code ? `${response.status}/${code}` : String(response.status), bytes: Buffer.byteLength(text) };
}

/**
 * The other person's call, on a keep-alive connection of their own, as another person's client
 * is. Through fetch's pool shared with the attacker, whose hung-up requests hold the pool's
 * connections, get_me waited up to seconds in the bench itself while the server answered it in
 * milliseconds.
 */
function postOwn(request: RpcRequest, agent: Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(request.url);
    const sent = httpRequest({ host: hostname, port, path: '/', method: 'POST', headers: request.headers, agent }, (answer) => {
      answer.resume();
      answer.once('end', () => resolve(String(answer.statusCode)));
      answer.once('error', reject);
    });
    sent.once('error', reject);
    sent.end(request.body);
  });
}

async function search(server: ServerProcess, token: string): Promise<SearchResult[]> {
  const results: SearchResult[] = [];
  for (const { label, request } of candidates(server.url, token)) {
    const before = await server.sample();
    let last = { status: 'none', bytes: 0 };
    for (let i = 0; i < 3; i++) last = await post(request);
    const after = await server.sample();
    results.push({ label, status: last.status, bodyBytes: Buffer.byteLength(request.body), answerBytes: last.bytes, serverCpuMs: Math.round((after.cpuMicros - before.cpuMicros) / 300) / 10 });
  }
  return results;
}

const percentile = (sorted: Float64Array, q: number) => Math.round((sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN) * 10) / 10;

async function scenario(server: ServerProcess, name: NeighbourScenario['scenario'], heavy: Candidate, other: string, seconds: number): Promise<NeighbourScenario> {
  const getMe = toolCall(server.url, other, 'get_me', {});
  const own = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < 20; i++) await postOwn(getMe, own);
  const deadline = Date.now() + seconds * 1000;
  let heavySent = 0;
  let rssPeak = (await server.sample()).rssBytes;
  const attacker = async () => {
    while (Date.now() < deadline) {
      heavySent++;
      // A hung-up client: gone 100 ms after sending.
      const signal = name === 'hung-up batches' ? AbortSignal.timeout(100) : undefined;
      await post(heavy.request, signal).catch(() => undefined);
    }
  };
  const sampler = async () => {
    while (Date.now() < deadline) {
      rssPeak = Math.max(rssPeak, (await server.sample()).rssBytes);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const latencies: number[] = [];
  let otherFailures = 0;
  const neighbour = async () => {
    while (Date.now() < deadline) {
      const start = process.hrtime.bigint();
      const status = await postOwn(getMe, own).catch(() => 'failed');
      latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
      if (status !== '200') otherFailures++;
    }
  };
  const attackers = { idle: 0, heaviest: 4, 'hung-up batches': 20 }[name];
  await Promise.all([...Array.from({ length: attackers }, attacker), neighbour(), sampler()]);
  own.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return {
    scenario: name,
    request: name === 'idle' ? '-' : heavy.label,
    calls: latencies.length,
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    maxMs: percentile(sorted, 1),
    otherFailures,
    heavySent,
    rssPeakMb: Math.round(rssPeak / 1024 / 102.4) / 10,
  };
}

/** The row on one store: the search, then the three scenarios, `seconds` each. */
export async function neighbourRow(store: string, options: FullStackOptions, seconds: number, launch: LaunchOptions = {}): Promise<NeighbourRow> {
  const prepared = await prepareStore(options.db);
  const [attackerToken, otherToken] = [prepared.token, prepared.crowd[0]!];
  const server = await launchServer('full-stack', { ...options, mcpRateLimit: crowdRateRule }, launch);
  try {
    const found = await search(server, attackerToken);
    const accepted = found.filter((result) => result.status === '200');
    const heaviest = accepted.reduce((a, b) => (b.serverCpuMs > a.serverCpuMs ? b : a), accepted[0]!);
    const all = candidates(server.url, attackerToken);
    const heavy = all.find((candidate) => candidate.label === heaviest.label)!;
    const batch = all.find((candidate) => candidate.label.startsWith('batch: 100 × list_responses (limit 100), 2025-03-26'))!;
    const scenarios = [
      await scenario(server, 'idle', heavy, otherToken, seconds),
      await scenario(server, 'heaviest', heavy, otherToken, seconds),
      await scenario(server, 'hung-up batches', batch, otherToken, seconds),
    ];
    return { store, search: found, scenarios };
  } finally {
    await server.stop();
  }
}

export function neighbourTable(rows: readonly NeighbourRow[]): string {
  const lines = ['Heavy neighbour: the search for the costliest accepted request (3 sends each, alone):', '', '| store | request | answer | body KiB | answer KiB | server CPU ms |', '|---|---|---|---:|---:|---:|'];
  for (const row of rows) {
    for (const r of row.search) lines.push(`| ${row.store} | ${r.label} | ${r.status} | ${Math.round(r.bodyBytes / 1024)} | ${Math.round(r.answerBytes / 1024)} | ${r.serverCpuMs} |`);
  }
  lines.push('', "Another person's get_me meanwhile (one call after another):", '', '| store | attacker | request | heavy sent | other: calls | p50 ms | p95 ms | max ms | failed | RSS peak MiB |', '|---|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    for (const s of row.scenarios) lines.push(`| ${row.store} | ${s.scenario} | ${s.request} | ${s.heavySent} | ${s.calls} | ${s.p50Ms} | ${s.p95Ms} | ${s.maxMs} | ${s.otherFailures} | ${s.rssPeakMb} |`);
  }
  return lines.join('\n');
}
