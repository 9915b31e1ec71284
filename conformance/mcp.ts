import { header, retryAfterSeconds, type Exchange, type Http } from './http.js';
import type { RateLimit } from './options.js';
import { waitWithProgress, type Progress } from './progress.js';

/** What the runner asks for in `initialize`; later requests carry the version agreed. */
const PROTOCOL_VERSION = '2025-06-18';

/** How the runner names itself to a server, in either era. */
export const CLIENT_INFO = { name: 'survey-mcp-conformance', version: '1' } as const;

/** The params of an `initialize` asking for `protocolVersion`: no client capabilities. */
export const initializeParams = (protocolVersion: string = PROTOCOL_VERSION): Record<string, unknown> => ({
  protocolVersion,
  capabilities: {},
  clientInfo: CLIENT_INFO,
});

export interface JsonRpcError {
  readonly code: number;
  readonly message: string;
}

export interface JsonRpcResponse {
  readonly jsonrpc?: string;
  readonly id?: string | number | null;
  readonly result?: Record<string, unknown>;
  readonly error?: JsonRpcError;
}

/** The part of an MCP tool result the checks look at. */
export interface ToolResult {
  readonly isError?: boolean;
  readonly content?: readonly { readonly type: string; readonly text?: string }[];
  readonly structuredContent?: unknown;
}

export interface PostOptions {
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * A polite client waits out a 429 and tries again; the rate-limit checks turn this off
   * because the 429 is what they are looking for.
   */
  readonly waitOutRateLimit?: boolean;
}

/**
 * Sends, and on a 429 waits as Retry-After asks (when that is within the deployment's window)
 * and sends once more, as a polite client does; both eras' requests go through here.
 */
export async function sendPolitely(send: () => Promise<Exchange>, rateLimit: RateLimit, progress: Progress): Promise<Exchange> {
  const exchange = await send();
  if (exchange.response.status !== 429) return exchange;
  const seconds = retryAfterSeconds(exchange);
  if (seconds === undefined || seconds > rateLimit.windowSeconds) return exchange;
  await waitWithProgress(progress, 'rate limited: waiting as Retry-After asks', seconds * 1000 + 250);
  return send();
}

/** Raw JSON-RPC over POST / (stateless Streamable HTTP): every request carries its token. */
export class Mcp {
  private nextId = 1;
  private agreedVersion: string | undefined;

  constructor(
    private readonly http: Http,
    readonly endpoint: string,
    private readonly rateLimit: RateLimit,
    private readonly progress: Progress,
  ) {}

  /** Remembers the version from an `initialize` result for the MCP-Protocol-Version header. */
  agree(version: string): void {
    this.agreedVersion = version;
  }

  /** Builds a request envelope with a fresh id. */
  envelope(method: string, params?: Record<string, unknown>): Record<string, unknown> {
    return { jsonrpc: '2.0', id: this.nextId++, method, ...(params ? { params } : {}) };
  }

  async post(token: string | undefined, message: unknown, options: PostOptions = {}): Promise<Exchange> {
    const send = (): Promise<Exchange> =>
      this.http.send({
        method: 'POST',
        url: this.endpoint,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(this.agreedVersion ? { 'mcp-protocol-version': this.agreedVersion } : {}),
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          ...options.headers,
        },
        body: JSON.stringify(message),
      });
    return options.waitOutRateLimit === false ? send() : sendPolitely(send, this.rateLimit, this.progress);
  }

  /** A request and its JSON-RPC answer (undefined when the body is not JSON-RPC). */
  async request(
    token: string | undefined,
    method: string,
    params?: Record<string, unknown>,
    options?: PostOptions,
  ): Promise<{ exchange: Exchange; message: JsonRpcResponse | undefined }> {
    const exchange = await this.post(token, this.envelope(method, params), options);
    return { exchange, message: jsonRpcOf(exchange) };
  }

  initialize(token: string | undefined, options?: PostOptions) {
    return this.request(token, 'initialize', initializeParams(), options);
  }

  callTool(token: string, name: string, args: Record<string, unknown> = {}) {
    return this.request(token, 'tools/call', { name, arguments: args });
  }
}

/** The JSON-RPC message in a response, whether sent as JSON or as one server-sent event. */
export function jsonRpcOf(exchange: Exchange): JsonRpcResponse | undefined {
  const body = exchange.response.body;
  const isStream = (header(exchange, 'content-type') ?? '').includes('text/event-stream');
  const candidates = isStream
    ? body
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice('data:'.length).trim())
    : [body];
  for (const candidate of candidates) {
    try {
      const parsed = JSON.parse(candidate) as unknown;
      if (isObject(parsed) && ('result' in parsed || 'error' in parsed)) return parsed as JsonRpcResponse;
    } catch {
      // Not JSON: keep looking, and report undefined if nothing parses.
    }
  }
  return undefined;
}

/** The payload of a tool error, `{"error": "<message>"}`, from the text content or structuredContent. */
export function toolErrorMessage(result: ToolResult): string | undefined {
  for (const item of result.content ?? []) {
    if (item.type !== 'text' || item.text === undefined) continue;
    try {
      const parsed = JSON.parse(item.text) as unknown;
      if (isObject(parsed) && typeof parsed['error'] === 'string') return parsed['error'];
    } catch {
      // A plain-text message is not the specified shape; the caller reports that.
    }
  }
  const structured = isObject(result.structuredContent) ? result.structuredContent['error'] : undefined;
  return typeof structured === 'string' ? structured : undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
