/**
 * The heavy-neighbour row: what one person's costliest accepted request costs another person.
 * First a search: every candidate (batches in the revision that has them, the largest tool
 * answers, the largest accepted bodies, filtered searches over a survey of 150,000 responses,
 * both eras) is sent alone (three times, once for the scans), and the one that costs the server
 * the most CPU while still answered 200 is the heaviest. Then, per store: the other person's
 * `get_me` latency with the attacker idle, with the heaviest sent with 4 in flight, with a burst
 * of 120 of the heaviest single search at once (inside the default budget of 180), and with
 * batches whose clients hang up after 100 ms (20 at once).
 */
import { Agent, request as httpRequest } from 'node:http';
import { largeSurvey, prepareStore, type LargeSurvey } from './fixtures.js';
import { modernToolCall, toolCall, type RpcRequest } from './load.js';
import { launchServer, type LaunchOptions, type ServerProcess } from './server-process.js';
import { crowdRateRule, type FullStackOptions } from './servers/protocol.js';

export interface Candidate {
  readonly label: string;
  readonly request: RpcRequest;
  /** Sends in the search (3 unless the request takes seconds). */
  readonly sends?: number;
  /** One search over the large survey (not a batch): what the burst sends, the costliest of them. */
  readonly search?: boolean;
}

/** Responses of the survey the filtered searches scan (issue 42: at least 150,000). */
export const largeSurveyResponses = 150_000;
/** Requests of the burst: inside the default budget of 180 a person may send at once. */
const burst = 120;

export interface SearchResult {
  readonly label: string;
  readonly status: string;
  readonly bodyBytes: number;
  readonly answerBytes: number;
  readonly serverCpuMs: number;
}

export interface NeighbourScenario {
  readonly scenario: 'idle' | 'heaviest' | 'burst of 120' | 'hung-up batches';
  readonly request: string;
  readonly calls: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  readonly otherFailures: number;
  readonly heavySent: number;
  /** The heavy requests' answers by status (`200`, `429`, `408`, `failed` for a reset). */
  readonly heavyAnswers: Readonly<Record<string, number>>;
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

/** Searches whose `where` test reads every response of the large survey (no answer matches). */
function scanCandidates(url: string, token: string, large: LargeSurvey): Candidate[] {
  const of = `${large.responses.toLocaleString('en')} responses`;
  const scan = { survey_id: large.surveyId, where: { question_id: large.textQuestionId, contains: 'no answer says this' }, limit: 100 };
  const window = { survey_id: large.surveyId, submitted_after: new Date(Date.now() - 29.5 * 86_400_000).toISOString() };
  return [
    { label: `list_responses where (${of}, no match)`, request: toolCall(url, token, 'list_responses', scan), sends: 1, search: true },
    { label: `list_responses where (${of}, no match), 2026-07-28`, request: modernToolCall(url, token, 'list_responses', scan), sends: 1, search: true },
    { label: `get_survey_results, 30 days from mid-day (${of})`, request: toolCall(url, token, 'get_survey_results', window), sends: 1, search: true },
    { label: `batch: 20 × list_responses where (${of}), 2025-03-26`, request: batchOf(url, token, 'list_responses', scan, 20), sends: 1 },
  ];
}

export function candidates(url: string, token: string, large?: LargeSurvey): Candidate[] {
  const listing = { ...survey, limit: 100 };
  return [
    ...(large ? scanCandidates(url, token, large) : []),
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

async function search(server: ServerProcess, all: readonly Candidate[]): Promise<SearchResult[]> {
  const results: SearchResult[] = [];
  for (const { label, request, sends = 3 } of all) {
    const before = await server.sample();
    let last = { status: 'none', bytes: 0 };
    for (let i = 0; i < sends; i++) last = await post(request);
    const after = await server.sample();
    const serverCpuMs = Math.round((after.cpuMicros - before.cpuMicros) / (100 * sends)) / 10;
    results.push({ label, status: last.status, bodyBytes: Buffer.byteLength(request.body), answerBytes: last.bytes, serverCpuMs });
  }
  return results;
}

const percentile = (sorted: Float64Array, q: number) => Math.round((sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN) * 10) / 10;

async function scenario(server: ServerProcess, name: NeighbourScenario['scenario'], heavy: Candidate, other: string, seconds: number): Promise<NeighbourScenario> {
  const getMe = toolCall(server.url, other, 'get_me', {});
  const own = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < 20; i++) await postOwn(getMe, own);
  const bursting = name === 'burst of 120';
  // A burst is measured until its last answer, at most two minutes.
  let deadline = Date.now() + (bursting ? 120_000 : seconds * 1000);
  let heavySent = 0;
  const heavyAnswers: Record<string, number> = {};
  const answered = (status: string) => (heavyAnswers[status] = (heavyAnswers[status] ?? 0) + 1);
  let rssPeak = (await server.sample()).rssBytes;
  const send = async () => {
    heavySent++;
    // A hung-up client: gone 100 ms after sending.
    const signal = name === 'hung-up batches' ? AbortSignal.timeout(100) : undefined;
    answered(await post(heavy.request, signal).then((answer) => answer.status.split('/')[0]!, () => (signal?.aborted ? 'hung up' : 'failed')));
  };
  const attacker = async () => {
    while (Date.now() < deadline) await send();
  };
  const burstAll = async () => {
    await Promise.all(Array.from({ length: burst }, send));
    deadline = Date.now();
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
  const attackers = { idle: 0, heaviest: 4, 'burst of 120': 0, 'hung-up batches': 20 }[name];
  await Promise.all([...Array.from({ length: attackers }, attacker), ...(bursting ? [burstAll()] : []), neighbour(), sampler()]);
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
    heavyAnswers,
    rssPeakMb: Math.round(rssPeak / 1024 / 102.4) / 10,
  };
}

/** The costliest of `found` answered 200, among `among` (all candidates, or the searches). */
function costliest(found: readonly SearchResult[], among: readonly Candidate[]): Candidate {
  const labels = new Set(among.map((candidate) => candidate.label));
  const accepted = found.filter((result) => result.status === '200' && labels.has(result.label));
  const heaviest = accepted.reduce((a, b) => (b.serverCpuMs > a.serverCpuMs ? b : a), accepted[0]!);
  return among.find((candidate) => candidate.label === heaviest.label)!;
}

/** The row on one store: the search, then the four scenarios, `seconds` each (the burst until its last answer). */
export async function neighbourRow(store: string, options: FullStackOptions, seconds: number, launch: LaunchOptions = {}): Promise<NeighbourRow> {
  const prepared = await prepareStore(options.db);
  const large = await largeSurvey(options.db, largeSurveyResponses);
  const [attackerToken, otherToken] = [prepared.token, prepared.crowd[0]!];
  const server = await launchServer('full-stack', { ...options, mcpRateLimit: crowdRateRule }, launch);
  try {
    const all = candidates(server.url, attackerToken, large);
    const found = await search(server, all);
    const heavy = costliest(found, all);
    const heaviestSearch = costliest(found, all.filter((candidate) => candidate.search));
    const batch = all.find((candidate) => candidate.label.startsWith('batch: 100 × list_responses (limit 100), 2025-03-26'))!;
    const scenarios = [
      await scenario(server, 'idle', heavy, otherToken, seconds),
      await scenario(server, 'heaviest', heavy, otherToken, seconds),
      await scenario(server, 'burst of 120', heaviestSearch, otherToken, seconds),
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
  lines.push('', "Another person's get_me meanwhile (one call after another):", '', '| store | attacker | request | heavy sent | heavy answers | other: calls | p50 ms | p95 ms | max ms | failed | RSS peak MiB |', '|---|---|---|---:|---|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    for (const s of row.scenarios) {
      const answers = Object.entries(s.heavyAnswers ?? {}).map(([status, count]) => `${count} × ${status}`).join(', ') || '-';
      lines.push(`| ${row.store} | ${s.scenario} | ${s.request} | ${s.heavySent} | ${answers} | ${s.calls} | ${s.p50Ms} | ${s.p95Ms} | ${s.maxMs} | ${s.otherFailures} | ${s.rssPeakMb} |`);
    }
  }
  return lines.join('\n');
}
