/**
 * Load generation and measurement against a server child: autocannon for throughput, plain
 * sequential fetches for slow calls. Latencies come from process.hrtime (autocannon's own
 * per-response times), memory and CPU from the child itself.
 */
import autocannon, { type Result } from 'autocannon';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import type { ServerProcess, ServerSample } from './server-process.js';
import { watchServices, type ServiceSources } from './service-cpu.js';

/** One JSON-RPC POST, as a client of the MCP endpoint sends it. */
export interface RpcRequest {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export function toolCall(url: string, token: string, tool: string, args: Record<string, unknown>): RpcRequest {
  return {
    url,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      // Both, as the SDK's Streamable HTTP transport (the naive variant) requires.
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: args } }),
  };
}

/** The same call as a 2026-07-28 client sends it: the `_meta` envelope and the mirrored headers. */
export function modernToolCall(url: string, token: string, tool: string, args: Record<string, unknown>): RpcRequest {
  const legacy = toolCall(url, token, tool, args);
  const revision = '2026-07-28';
  const _meta = { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientCapabilities': {} };
  return {
    url,
    headers: { ...legacy.headers, 'mcp-protocol-version': revision, 'mcp-method': 'tools/call', 'mcp-name': tool },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: args, _meta } }),
  };
}

/** The survey every throughput row reads. */
export const demoSurvey = { survey_id: 'srv_demo_nps' };

/** One get_survey call per person of the crowd (their tokens), sent in turn on every connection. */
export function crowdCalls(url: string, crowd: readonly string[], call = toolCall): RpcRequest[] {
  return crowd.map((token) => call(url, token, 'get_survey', demoSurvey));
}

export interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

export async function send(request: RpcRequest): Promise<Answer> {
  const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.text() };
}

/** A tools/call answer that is a success (HTTP 200, a result, not a tool error), or why not. */
export function toolFailure(answer: Answer): string | undefined {
  if (answer.status !== 200) return `HTTP ${answer.status}: ${answer.body.slice(0, 200)}`;
  const message = JSON.parse(answer.body) as { result?: { isError?: boolean }; error?: unknown };
  if (!message.result) return `JSON-RPC error: ${JSON.stringify(message.error)}`;
  if (message.result.isError) return `tool error: ${answer.body.slice(0, 200)}`;
  return undefined;
}

/** Another server or era must do the very same work: its tool result must equal ours. */
export async function expectSameResult(request: RpcRequest, oursBody: string): Promise<void> {
  const answer = await send(request);
  const failure = toolFailure(answer);
  if (failure) throw new Error(`it cannot answer get_survey: ${failure}`);
  // Without the fields only the 2026-07-28 era stamps on a result.
  const resultOf = (body: string) => {
    const { resultType: _type, _meta: _server, ...result } = (JSON.parse(body) as { result: Record<string, unknown> }).result;
    return JSON.stringify(result);
  };
  if (resultOf(answer.body) !== resultOf(oursBody)) throw new Error('its get_survey result differs from the full stack\'s');
}

export interface Latency {
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export interface ThroughputResult extends Latency {
  readonly connections: number;
  readonly durationS: number;
  readonly requests: number;
  readonly requestsPerSecond: number;
  /** Highest resident memory of the server seen while under load. */
  readonly peakRssBytes: number;
  /** Server CPU time over wall time: 100 means one core fully busy. */
  readonly serverCpuPercent: number;
  /**
   * Server CPU time per answered request: the cost of one request, and the figure least moved
   * by other processes competing for the two cores (they lower req/s, not this).
   */
  readonly serverCpuMicrosPerRequest: number;
  /** The server's CPU time over the measured seconds, unrounded (for figures finer than a microsecond a request). */
  readonly serverCpuMicros: number;
  /** CPU time per answered request of the server's PostgreSQL backends, when it has a pool. */
  readonly postgresCpuMicrosPerRequest?: number;
  /** CPU time per answered request of the Redis server, when the server uses one. */
  readonly redisCpuMicrosPerRequest?: number;
}

export interface LoadTiming {
  readonly warmupS: number;
  readonly durationS: number;
}

/**
 * Warms up, then measures, at one connection count. Throws when any response was not 2xx.
 * Several requests (one per person) are sent in turn on every connection.
 */
export async function measureThroughput(
  server: ServerProcess,
  request: RpcRequest | readonly RpcRequest[],
  connections: number,
  timing: LoadTiming,
  services: ServiceSources = {},
): Promise<ThroughputResult> {
  await cannon(request, connections, timing.warmupS);
  const latencies: number[] = [];
  // After the warm-up, when the server's pool has opened its connections.
  const beside = await watchServices(services);
  const watch = watchServer(server);
  let result: Result;
  try {
    result = await cannon(request, connections, timing.durationS, (ms) => latencies.push(ms));
  } catch (error) {
    await watch.stop().catch(() => undefined);
    throw error;
  }
  const watched = await watch.stop();
  const { postgresMicros, redisMicros } = await beside.stop();
  const perRequest = (micros: number) => Math.round(micros / result['2xx']);
  return {
    connections,
    durationS: round(result.duration, 2),
    requests: result['2xx'],
    requestsPerSecond: Math.round(result['2xx'] / result.duration),
    ...percentiles(latencies),
    peakRssBytes: watched.peakRssBytes,
    serverCpuPercent: Math.round((100 * watched.cpuMicros) / watched.wallMicros),
    serverCpuMicrosPerRequest: perRequest(watched.cpuMicros),
    serverCpuMicros: watched.cpuMicros,
    ...(postgresMicros !== undefined && { postgresCpuMicrosPerRequest: perRequest(postgresMicros) }),
    ...(redisMicros !== undefined && { redisCpuMicrosPerRequest: perRequest(redisMicros) }),
  };
}

export interface SequentialResult extends Latency {
  readonly calls: number;
  /** Size of the HTTP response body (the JSON-RPC answer). */
  readonly answerBytes: number;
  readonly peakRssBytes: number;
}

/** `calls` requests one after another (after `warmup` unmeasured ones), for calls too slow to hammer. */
export async function measureSequential(
  server: ServerProcess,
  request: RpcRequest,
  calls: number,
  warmup: number,
): Promise<SequentialResult> {
  let answerBytes = 0;
  const call = async () => {
    const answer = await send(request);
    const failure = toolFailure(answer);
    if (failure) throw new Error(`${server.variant} server refused the call: ${failure}`);
    answerBytes = Buffer.byteLength(answer.body);
  };
  for (let i = 0; i < warmup; i++) await call();
  const watch = watchServer(server);
  const latencies: number[] = [];
  try {
    for (let i = 0; i < calls; i++) {
      const start = process.hrtime.bigint();
      await call();
      latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  } catch (error) {
    await watch.stop().catch(() => undefined);
    throw error;
  }
  const watched = await watch.stop();
  return { calls, answerBytes, ...percentiles(latencies), peakRssBytes: watched.peakRssBytes };
}

function cannon(
  request: RpcRequest | readonly RpcRequest[],
  connections: number,
  durationS: number,
  onLatency?: (ms: number) => void,
): Promise<Result> {
  const requests = Array.isArray(request) ? (request as readonly RpcRequest[]) : [request as RpcRequest];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: requests[0]!.url,
        method: 'POST',
        requests: requests.map(({ headers, body }) => ({ method: 'POST', headers, body })),
        connections,
        duration: durationS,
      },
      (error, result) => {
        if (error) return reject(error);
        const failed = result.non2xx + result.errors + result.timeouts;
        if (failed > 0) {
          return reject(
            new Error(`${failed} of ${result.requests.total} requests failed (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`),
          );
        }
        resolve(result);
      },
    );
    if (onLatency) instance.on('response', (_client, _status, _bytes, ms) => onLatency(ms));
  });
}

const sampleEveryMs = 200;

/** Samples the server's memory while it works, and its CPU time from start to stop. */
interface Watched {
  readonly peakRssBytes: number;
  /** CPU time the server used, and the wall time it was watched. */
  readonly cpuMicros: number;
  readonly wallMicros: number;
}

function watchServer(server: ServerProcess): { stop(): Promise<Watched> } {
  const startedAt = process.hrtime.bigint();
  const first = server.sample();
  first.catch(() => undefined); // awaited in stop(); until then a failure must not go unhandled
  let peakRssBytes = 0;
  const track = (sample: ServerSample) => {
    peakRssBytes = Math.max(peakRssBytes, sample.rssBytes);
    return sample;
  };
  // A sample lost in between only lowers the peak; the first and the last must succeed.
  const timer = setInterval(() => void server.sample().then(track, () => undefined), sampleEveryMs);
  return {
    async stop() {
      clearInterval(timer);
      const last = track(await server.sample());
      const wallMicros = Number(process.hrtime.bigint() - startedAt) / 1e3;
      const start = track(await first);
      return { peakRssBytes, cpuMicros: last.cpuMicros - start.cpuMicros, wallMicros };
    },
  };
}

function percentiles(latencies: number[]): Latency {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => round(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN, 2);
  return { p50Ms: at(0.5), p99Ms: at(0.99) };
}

function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}
