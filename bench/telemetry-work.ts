/**
 * `node dist/bench/telemetry-work.js [--rounds 5] [--only metrics,log,both,traced,spans]`: the CPU
 * that metrics and the JSON request log add to one request, measured in process (no HTTP, no
 * server child): per request four timed store calls (the bearer check, the rate log, the change
 * stamp, the survey read of a cached `get_survey`), `metrics.request` and `log.request` to
 * /dev/null, with a turn of the event loop each, so that writes complete as they do in a server.
 * `traced`: both, for a request whose caller sent a `traceparent` (read from its header, its ids
 * in the line). `spans`: both, with `--otlp-endpoint` at the default ratio (0.1) for requests that
 * came without one, so the server starts each trace and exports a tenth, to a receiver in this
 * process (whose CPU is counted too). CPU time of the whole process (every thread), the same loop
 * without telemetry subtracted; the median of the rounds. Figures a loaded machine moves far less
 * than requests/s.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { noteTraceHeaders } from '../src/http/telemetry/trace-notes.js';
import { SpanExport } from '../src/telemetry/span-export.js';
import { ServerLog, bufferedDestination } from '../src/telemetry/request-log.js';
import { ServerMetrics } from '../src/telemetry/metrics.js';
import type { RequestNote, RequestRecord } from '../src/telemetry/request-record.js';
import { timedMethods } from '../src/telemetry/timed.js';

const requestsPerRound = 100_000;
const configurations = ['metrics', 'log', 'both', 'traced', 'spans'] as const;
type Configuration = (typeof configurations)[number];

const store = {
  async findAccessToken() { return 1; },
  async changeStamp() { return 2; },
  async findSurveyDetail() { return 3; },
};
const rateLog = { async consume() { return 4; } };
const note = { address: '203.0.113.7', userId: 'usr_iVTA7F77ZW7t88fw', clientId: 'cli_jP0ySgNwn8Z1d1LM', era: '2025-11-25', method: 'tools/call', tool: 'get_survey' } as const;
const tracedRequest = { headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } } as unknown as IncomingMessage;
const untracedRequest = { headers: {} } as unknown as IncomingMessage;

/** An OTLP/HTTP collector that reads and drops what it is sent. */
async function collector(): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => req.resume().on('end', () => res.end('{}')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`, close: () => server.close() };
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** One round: µs of CPU a request with `configuration` on, beyond the same loop with it off. */
async function round(configuration: Configuration): Promise<number> {
  const receiver = configuration === 'spans' ? await collector() : undefined;
  const spans = receiver && new SpanExport({ url: receiver.url, sampleRatio: 0.1 });
  const request = configuration === 'traced' ? tracedRequest : configuration === 'spans' ? untracedRequest : undefined;
  const metrics = configuration === 'log' ? undefined : new ServerMetrics();
  const log = configuration === 'metrics' ? undefined : new ServerLog({ format: 'json', level: 'info', destination: bufferedDestination('/dev/null') });
  const timedStore = metrics ? timedMethods(store, (operation, seconds, failed) => metrics.storeOperation('sqlite', operation, seconds, failed)) : store;
  const timedRate = metrics ? timedMethods(rateLog, (operation, seconds, failed) => metrics.storeOperation('rate-log', operation, seconds, failed)) : rateLog;
  const calls = async (storeNow: typeof store, rateNow: typeof rateLog) => {
    await storeNow.findAccessToken();
    await rateNow.consume();
    await storeNow.changeStamp();
    await storeNow.findSurveyDetail();
  };
  let started = cpuMs();
  for (let i = 0; i < requestsPerRound; i++) {
    await turn();
    await calls(store, rateLog);
  }
  const off = cpuMs() - started;
  started = cpuMs();
  for (let i = 0; i < requestsPerRound; i++) {
    await turn();
    await calls(timedStore, timedRate);
    // A note of its own only where the trace is written into it: the other rows measure as before.
    const requestNote: RequestNote = request ? { ...note } : note;
    if (request) noteTraceHeaders(request, requestNote, spans !== undefined);
    const record: RequestRecord = { host: 'mcp', requestId: 'a59c7144-71a4-4c1b-97d4-e1b897f8a72f', httpMethod: 'POST', route: '/', status: 200, durationMs: 0.5 + (i % 7) / 10, note: requestNote };
    metrics?.request(record);
    log?.request(record);
    spans?.request(record);
  }
  await spans?.shutdown();
  const on = cpuMs() - started;
  receiver?.close();
  await log?.flush();
  return ((on - off) * 1000) / requestsPerRound;
}

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, only: { type: 'string', default: configurations.join(',') } } });
for (const configuration of values.only.split(',') as Configuration[]) {
  if (!configurations.includes(configuration)) throw new Error(`--only '${configuration}' must be among ${configurations.join(', ')}`);
  const rounds: number[] = [];
  for (let i = 0; i < Number(values.rounds); i++) rounds.push(await round(configuration));
  rounds.sort((a, b) => a - b);
  console.log(`${configuration.padEnd(8)} +${rounds[Math.floor(rounds.length / 2)]!.toFixed(1)} µs of CPU a request (rounds: ${rounds.map((r) => r.toFixed(1)).join(' ')})`);
}
