import { fail, skip } from './check.js';
import type { CheckContext } from './context.js';
import { describeResponse } from './expect.js';
import type { Exchange, Http } from './http.js';
import { isObject, jsonRpcOf, type JsonRpcResponse } from './mcp.js';

/** The stateless revision: no initialize, version and capabilities in every request's `_meta`. */
export const MODERN_REVISION = '2026-07-28';

/** Where the modern checks cite from: the revision's own pages. */
export const MODERN_SPEC = `MCP ${MODERN_REVISION}`;

export interface ModernRequestOptions {
  /** Replace (or, with `undefined`, leave out) headers the runner would send. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
  /** Replace the `_meta` envelope; `undefined` values leave a key out. */
  readonly meta?: Readonly<Record<string, unknown>>;
}

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
  ) {}

  async request(
    token: string,
    method: string,
    params: Record<string, unknown> = {},
    options: ModernRequestOptions = {},
  ): Promise<{ id: number; exchange: Exchange; message: JsonRpcResponse | undefined }> {
    const id = this.nextId++;
    const meta = withoutUndefined({
      'io.modelcontextprotocol/protocolVersion': MODERN_REVISION,
      'io.modelcontextprotocol/clientInfo': { name: 'survey-mcp-conformance', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
      ...options.meta,
    });
    const name = typeof params['name'] === 'string' ? { 'mcp-name': params['name'] } : {};
    const headers = withoutUndefined({
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${token}`,
      'mcp-protocol-version': MODERN_REVISION,
      'mcp-method': method,
      ...name,
      ...options.headers,
    }) as Record<string, string>;
    const body = JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } });
    const exchange = await this.http.send({ method: 'POST', url: this.endpoint, headers, body });
    return { id, exchange, message: jsonRpcOf(exchange) };
  }
}

function withoutUndefined(record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/**
 * A token for the modern checks, once the deployment has shown with `server/discover` that it
 * speaks 2026-07-28. Under `--protocol auto` a deployment that does not is skipped, not failed:
 * the era is optional; asked for by name, its absence fails.
 */
export async function modernToken(ctx: CheckContext): Promise<string> {
  const token = await ctx.accessToken();
  const probe = await ctx.once('ask server/discover which revisions the deployment speaks', async () => {
    const { exchange, message } = await ctx.modern.request(token, 'server/discover');
    const versions = message?.result?.['supportedVersions'];
    return Array.isArray(versions) && versions.includes(MODERN_REVISION) ? undefined : describeResponse(exchange);
  });
  if (probe === undefined) return ctx.accessToken();
  const why = `the deployment does not speak ${MODERN_REVISION}: server/discover answered ${probe}`;
  return ctx.settings.protocol === 'auto' ? skip(why) : fail(why);
}

/** The JSON-RPC error of a refused modern request: its HTTP status, code, and the request's id. */
export function expectModernError(answer: { id: number; exchange: Exchange; message: JsonRpcResponse | undefined }, status: number, code: number, what: string): JsonRpcResponse['error'] {
  const { exchange, message } = answer;
  if (exchange.response.status !== status || message?.error?.code !== code) {
    fail(`${what}: expected HTTP ${status} with JSON-RPC error ${code}, got ${describeResponse(exchange)}`);
  }
  if (message.id !== answer.id) fail(`${what}: the error answers id ${JSON.stringify(message.id)}, not the request's ${answer.id}`);
  return message.error;
}

/** A successful modern result, or the failure that says what came instead. */
export function expectModernResult(answer: { exchange: Exchange; message: JsonRpcResponse | undefined }, what: string): Record<string, unknown> {
  const result = answer.message?.result;
  if (answer.exchange.response.status !== 200 || !isObject(result)) fail(`${what}: expected HTTP 200 with a result, got ${describeResponse(answer.exchange)}`);
  return result;
}
