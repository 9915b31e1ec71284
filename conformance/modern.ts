import type { Exchange, Http, SendingOptions } from './http.js';
import { CLIENT_CAPABILITIES, CLIENT_INFO, jsonRpcOf, sendingOf, sendPolitely, type BearerToken, type JsonRpcResponse } from './mcp.js';
import type { RateLimit } from './options.js';
import type { Progress } from './progress.js';

/** The stateless revision: no initialize, version and capabilities in every request's `_meta`. */
export const MODERN_REVISION = '2026-07-28';

/** Where the modern checks cite from: the revision's own pages. */
export const MODERN_SPEC = `MCP ${MODERN_REVISION}`;

export interface ModernRequestOptions extends SendingOptions {
  /** Replace (or, with `undefined`, leave out) headers the runner would send. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
  /** Replace the `_meta` envelope; `undefined` values leave a key out. */
  readonly meta?: Readonly<Record<string, unknown>>;
  /** A JSON-RPC id of the check's choosing (a string, say) instead of the next number. */
  readonly id?: string | number;
  /** As for 2025-11-25 requests (PostOptions): off for the era-free rate-limit checks, which look for the 429. */
  readonly waitOutRateLimit?: boolean;
}

/** What every 2026-07-28 request of the runner carries in `params._meta`: the era, the client, its capabilities. */
export const MODERN_ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN_REVISION,
  'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
  'io.modelcontextprotocol/clientCapabilities': CLIENT_CAPABILITIES,
} as const;

/**
 * Raw 2026-07-28 JSON-RPC over POST /: each request carries its envelope in `_meta` and mirrors
 * method and name into `Mcp-Method` / `Mcp-Name` (basic/transports/streamable-http, "Request
 * Metadata"), so a check can break exactly one of them.
 */
export class ModernMcp {
  private nextId = 1;

  constructor(
    private readonly http: Http,
    private readonly endpoint: string,
    private readonly rateLimit: RateLimit,
    private readonly progress: Progress,
  ) {}

  async request(
    token: BearerToken,
    method: string,
    params: Record<string, unknown> = {},
    options: ModernRequestOptions = {},
  ): Promise<{ id: string | number; exchange: Exchange; message: JsonRpcResponse | undefined }> {
    const id = options.id ?? this.nextId++;
    const exchange = await this.post(token, { jsonrpc: '2.0', id, method }, params, options);
    return { id, exchange, message: jsonRpcOf(exchange) };
  }

  /** A notification (no id) in the same envelope: what a server must accept with 202, or refuse with an HTTP error. */
  notify(token: BearerToken, method: string, params: Record<string, unknown> = {}, options: ModernRequestOptions = {}): Promise<Exchange> {
    return this.post(token, { jsonrpc: '2.0', method }, params, options);
  }

  private post(token: BearerToken, message: Record<string, unknown>, params: Record<string, unknown>, options: ModernRequestOptions): Promise<Exchange> {
    const method = String(message['method']);
    const meta = withoutUndefined({ ...MODERN_ENVELOPE, ...options.meta });
    // Mcp-Name mirrors a tools/call's name and a resources/read's uri.
    const named = params['name'] ?? params['uri'];
    const name = typeof named === 'string' ? { 'mcp-name': named } : {};
    const headers = (bearer: string): Record<string, string> =>
      withoutUndefined({
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${bearer}`,
        'mcp-protocol-version': MODERN_REVISION,
        'mcp-method': method,
        ...name,
        ...options.headers,
      }) as Record<string, string>;
    const body = JSON.stringify({ ...message, params: { ...params, _meta: meta } });
    const bearer = (): Promise<string> => (typeof token === 'string' ? Promise.resolve(token) : token());
    const send = async (): Promise<Exchange> => this.http.send({ method: 'POST', url: this.endpoint, headers: headers(await bearer()), body, ...sendingOf(options) });
    // No modern check is about limits: they wait out a 429; the era-free rate-limit checks do not.
    return options.waitOutRateLimit === false ? send() : sendPolitely(send, this.rateLimit, this.progress);
  }
}

function withoutUndefined(record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
