import { header, retryAfterSeconds, type Exchange, type Http, type HttpRequest, type SendingOptions } from './http.js';
import type { RateLimit } from './options.js';
import { waitWithProgress, type Progress } from './progress.js';

/** What the runner asks for in `initialize`; later requests carry the version agreed. */
const PROTOCOL_VERSION = '2025-06-18';

/** How the runner names itself to a server, in either era. */
export const CLIENT_INFO = { name: 'survey-mcp-conformance', version: '1' } as const;

/** MCP Apps (ext-apps specification 2026-01-26, "UI Resource Format"): the one content type of a view. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The extension's id, under which a client offers it and a server names its views. */
export const MCP_APPS_EXTENSION = 'io.modelcontextprotocol/ui';

/**
 * What the runner offers in either era (`initialize`, or each 2026-07-28 request's `_meta`): MCP
 * Apps, as a host that renders views does ("Client<>Server Capability Negotiation"), so that a
 * server which offers its views only to such hosts shows them to the runner.
 */
export const CLIENT_CAPABILITIES = { extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } } } as const;

/** The params of an `initialize` asking for `protocolVersion`, with the runner's capabilities. */
export const initializeParams = (protocolVersion: string = PROTOCOL_VERSION): Record<string, unknown> => ({
  protocolVersion,
  capabilities: CLIENT_CAPABILITIES,
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

export interface PostOptions extends SendingOptions {
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

/** The options of how a request is sent, those given alone. */
export function sendingOf({ timeoutMs, heldUntil }: SendingOptions): SendingOptions {
  return { ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(heldUntil === undefined ? {} : { heldUntil }) };
}

/**
 * The bearer token, or where to get a fresh one for each send: a request resent after waiting out
 * a 429 may outlive a short-lived token taken before the wait.
 */
export type BearerToken = string | (() => Promise<string>);

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

  /** The version `initialize` agreed, sent as MCP-Protocol-Version; undefined before. */
  get protocolVersion(): string | undefined {
    return this.agreedVersion;
  }

  /** Builds a request envelope with a fresh id. */
  envelope(method: string, params?: Record<string, unknown>): Record<string, unknown> {
    return { jsonrpc: '2.0', id: this.nextId++, method, ...(params ? { params } : {}) };
  }

  post(token: BearerToken | undefined, message: unknown, options: PostOptions = {}): Promise<Exchange> {
    return this.postReading(token, message, options, (request) => this.http.send(request));
  }

  /**
   * A request whose event-stream answer is read as it comes, each JSON-RPC message handed to
   * `onMessage` (a request the server sends, then the response): `Http.sendStreaming`.
   */
  postStreaming(token: BearerToken, message: unknown, onMessage: (message: Record<string, unknown>) => Promise<void>, options: PostOptions = {}): Promise<Exchange> {
    const onEvent = async (data: string): Promise<void> => {
      const parsed = parseJson(data);
      if (isObject(parsed)) await onMessage(parsed);
    };
    return this.postReading(token, message, options, (request) => this.http.sendStreaming(request, onEvent));
  }

  private async postReading(token: BearerToken | undefined, message: unknown, options: PostOptions, sendRequest: (request: HttpRequest) => Promise<Exchange>): Promise<Exchange> {
    const send = async (): Promise<Exchange> => {
      const bearer = typeof token === 'function' ? await token() : token;
      return sendRequest({
        method: 'POST',
        url: this.endpoint,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(this.agreedVersion ? { 'mcp-protocol-version': this.agreedVersion } : {}),
          ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }),
          ...options.headers,
        },
        body: JSON.stringify(message),
        ...sendingOf(options),
      });
    };
    return options.waitOutRateLimit === false ? send() : sendPolitely(send, this.rateLimit, this.progress);
  }

  /** A request and its JSON-RPC answer (undefined when the body is not JSON-RPC). */
  async request(
    token: BearerToken | undefined,
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

  callTool(token: BearerToken, name: string, args: Record<string, unknown> = {}) {
    return this.request(token, 'tools/call', { name, arguments: args });
  }
}

const isEventStream = (exchange: Exchange): boolean => (header(exchange, 'content-type') ?? '').includes('text/event-stream');

/** The JSON texts of a response: its body, or each `data:` line of an event stream. */
function payloadsOf(exchange: Exchange): string[] {
  const body = exchange.response.body;
  if (!isEventStream(exchange)) return [body];
  return body
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice('data:'.length).trim());
}

/** The JSON-RPC message in a response, whether sent as JSON or as one server-sent event. */
export function jsonRpcOf(exchange: Exchange): JsonRpcResponse | undefined {
  for (const parsed of payloadsOf(exchange).map(parseJson)) {
    if (isObject(parsed) && ('result' in parsed || 'error' in parsed)) return parsed as JsonRpcResponse;
  }
  return undefined;
}

/**
 * Every JSON-RPC answer in a response, one or a batch, as JSON or as server-sent events: objects
 * with a result or an error and a `jsonrpc` or an `id` (an OAuth error body has neither); the
 * server's own requests left out.
 */
export function answersOf(exchange: Exchange): Record<string, unknown>[] {
  const messages = payloadsOf(exchange)
    .map(parseJson)
    .flatMap((payload) => (Array.isArray(payload) ? (payload as unknown[]) : [payload]));
  return messages.filter(isObject).filter((message) => ('result' in message || 'error' in message) && ('jsonrpc' in message || 'id' in message));
}

/**
 * The answers to a batch: the JSON array of an application/json body, or every response of an
 * event stream, each `data:` line one message or an array of them (requests and notifications
 * the server sends on the stream left out). Undefined when neither form holds.
 */
export function batchAnswersOf(exchange: Exchange): unknown[] | undefined {
  const payloads = payloadsOf(exchange).map(parseJson);
  if (!isEventStream(exchange)) return Array.isArray(payloads[0]) ? payloads[0] : undefined;
  const messages = payloads.flatMap((payload) => (Array.isArray(payload) ? payload : payload === undefined ? [] : [payload]));
  const answers = messages.filter((message) => !(isObject(message) && typeof message['method'] === 'string'));
  return answers.length > 0 ? answers : undefined;
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

/** A JSON-RPC 2.0 error object (section 5.1): an integer code and a string message. */
export function isJsonRpcError(value: unknown): boolean {
  return isObject(value) && Number.isInteger(value['code']) && typeof value['message'] === 'string';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
