import { randomBytes } from 'node:crypto';
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';

/**
 * What a conformant deployment behind another proxy or framework may look like; each changes
 * nothing the contract or the RFCs fix.
 */
export interface Variations {
  /** JSON bodies re-serialized with their keys in reverse order and two-space indentation. */
  readonly reorderJson?: boolean;
  /** Unknown fields in metadata documents and token responses, and in each JSON-RPC result's `_meta`. */
  readonly extraFields?: boolean;
  /** Other words in error_description and in JSON-RPC error messages. */
  readonly rewordErrors?: boolean;
  /** Chunked transfer encoding and `Connection: close` on every answer. */
  readonly chunkedClose?: boolean;
  /** gzip, when the request's Accept-Encoding offers it. */
  readonly gzip?: boolean;
  /** `application/json` without `; charset=utf-8`. */
  readonly noCharset?: boolean;
  /** The access and refresh tokens clients see: aliases of another length, mapped back on the way in. */
  readonly tokenLength?: 'longer' | 'shorter';
}

export interface VaryingProxy {
  readonly url: string;
  close(): Promise<void>;
}

/** The aliases of the tokens the server issued, shared by the proxies in front of one deployment. */
export class TokenAliases {
  private readonly byToken = new Map<string, string>();
  private readonly byAlias = new Map<string, string>();
  private count = 0;

  constructor(private readonly length: 'longer' | 'shorter') {}

  aliasOf(token: string): string {
    let alias = this.byToken.get(token);
    if (!alias) {
      this.count += 1;
      alias = this.length === 'longer' ? `${token}.${randomBytes(96).toString('base64url')}` : `t${this.count.toString(36)}${randomBytes(3).toString('hex')}`;
      this.byToken.set(token, alias);
      this.byAlias.set(alias, token);
    }
    return alias;
  }

  /** How many of the server's tokens were handed out under an alias. */
  get issued(): number {
    return this.count;
  }

  tokenOf(value: string): string {
    return this.byAlias.get(value) ?? value;
  }
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding'];

/** X-Forwarded-For with the client's address appended (one hop), as a reverse proxy in production sends it. */
const forwardedFor = (req: IncomingMessage): string => [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');

/**
 * A reverse proxy on 127.0.0.1 (`listenPort`) to a plain-http host (`targetPort`) that varies its
 * answers as `variations` say, and maps token aliases back before the server sees them. It names
 * the client in X-Forwarded-For, so a server behind it with --trust-proxy counts budgets per client.
 */
export async function startVaryingProxy(listenPort: number, targetPort: number, variations: Variations, aliases?: TokenAliases): Promise<VaryingProxy> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { headers, body } = inbound(req.headers, Buffer.concat(chunks), aliases);
      const upstream = request(
        { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: { ...headers, 'accept-encoding': 'identity', 'x-forwarded-for': forwardedFor(req) } },
        (answer) => {
          if (String(answer.headers['content-type'] ?? '').startsWith('text/event-stream')) {
            // An event stream is passed on as it comes: a proxy that held it back until it ended
            // would stall a call waiting in it for its person's answer (a 2025-11-25 elicitation).
            res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
            answer.pipe(res);
            return;
          }
          const parts: Buffer[] = [];
          answer.on('data', (part: Buffer) => parts.push(part));
          answer.on('end', () => {
            const outgoing = outbound(answer.headers, Buffer.concat(parts), req.headers['accept-encoding'], variations, aliases);
            res.writeHead(answer.statusCode ?? 502, outgoing.headers);
            if (variations.chunkedClose && outgoing.body.length > 1) {
              // Two writes without a Content-Length: Node frames them as chunks.
              res.write(outgoing.body.subarray(0, outgoing.body.length >> 1));
              res.end(outgoing.body.subarray(outgoing.body.length >> 1));
            } else res.end(outgoing.body);
          });
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${listenPort}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The request as the server must see it: token aliases replaced by the tokens they stand for. */
function inbound(headers: IncomingHttpHeaders, body: Buffer, aliases: TokenAliases | undefined): { headers: IncomingHttpHeaders; body: Buffer } {
  if (!aliases) return { headers, body };
  const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
  const authorization = bearer ? { authorization: `Bearer ${aliases.tokenOf(bearer)}` } : {};
  if (!(headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return { headers: { ...headers, ...authorization }, body };
  // Every pair kept in its place, a repeated parameter too (a check may send one twice on purpose).
  const form = new URLSearchParams(body.toString('utf8'));
  let changed = false;
  const mapped = new URLSearchParams();
  for (const [name, value] of form) {
    const token = name === 'refresh_token' || name === 'token' ? aliases.tokenOf(value) : value;
    if (token !== value) changed = true;
    mapped.append(name, token);
  }
  const forwarded = changed ? Buffer.from(mapped.toString()) : body;
  return { headers: { ...headers, ...authorization, 'content-length': String(forwarded.length) }, body: forwarded };
}

function outbound(
  headers: IncomingHttpHeaders,
  body: Buffer,
  acceptEncoding: string | undefined,
  variations: Variations,
  aliases: TokenAliases | undefined,
): { headers: Record<string, string | string[]>; body: Buffer } {
  const kept = endToEnd(headers);
  let type = String(headers['content-type'] ?? '');
  let payload = body;
  if (/^application\/json\b/.test(type) && body.length > 0) {
    const json = parsed(body);
    const varied = vary(json, variations, aliases);
    if (typeof json !== 'string') payload = Buffer.from(variations.reorderJson ? JSON.stringify(reversed(varied), null, 2) : JSON.stringify(varied));
    type = variations.noCharset ? 'application/json' : 'application/json; charset=utf-8';
  }
  if (type) kept['content-type'] = type;
  if (variations.chunkedClose) kept['connection'] = 'close';
  if (variations.gzip && payload.length > 0 && /\bgzip\b/.test(acceptEncoding ?? '')) {
    payload = gzipSync(payload);
    kept['content-encoding'] = 'gzip';
    kept['vary'] = [headers.vary, 'Accept-Encoding'].filter(Boolean).join(', ');
  }
  if (!variations.chunkedClose) kept['content-length'] = String(payload.length);
  return { headers: kept, body: payload };
}

/** The headers a proxy passes on as they came (not those of one hop, nor the length and coding it may redo). */
function endToEnd(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(headers).filter(([name, value]) => !HOP_BY_HOP.includes(name) && value !== undefined)) as Record<string, string | string[]>;
}

/** A JSON body the server sent; one that does not parse is passed on as it came. */
function parsed(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return body.toString('utf8');
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One JSON answer varied: extra fields where unknown ones must be ignored, errors reworded, tokens aliased. */
function vary(json: unknown, variations: Variations, aliases: TokenAliases | undefined): unknown {
  if (!isRecord(json)) return json;
  const varied: Record<string, unknown> = { ...json };
  const isMetadata = typeof json['issuer'] === 'string' || typeof json['resource'] === 'string';
  const isTokenResponse = typeof json['access_token'] === 'string';
  if (variations.extraFields && (isMetadata || isTokenResponse)) varied['x_proxy_note'] = 'added by a proxy; clients ignore what they do not know';
  if (aliases && isTokenResponse) {
    varied['access_token'] = aliases.aliasOf(String(json['access_token']));
    if (typeof json['refresh_token'] === 'string') varied['refresh_token'] = aliases.aliasOf(json['refresh_token']);
  }
  if (variations.rewordErrors && typeof json['error_description'] === 'string') varied['error_description'] = `Refused (${json['error_description'].length} characters of explanation, reworded by a proxy)`;
  const result = json['result'];
  if (variations.extraFields && isRecord(result)) {
    varied['result'] = { ...result, _meta: { ...(isRecord(result['_meta']) ? result['_meta'] : {}), 'example.com/proxy-trace': { hop: 1 } } };
  }
  const error = json['error'];
  if (variations.rewordErrors && isRecord(error) && typeof error['message'] === 'string') varied['error'] = { ...error, message: `Refused: ${error['message'].toLowerCase()}` };
  return varied;
}

/** The same value with every object's keys in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([key, inner]) => [key, reversed(inner)]));
}
