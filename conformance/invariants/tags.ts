import type { Purpose } from '../exchange-bus.js';
import { header, type SentExchange } from '../http.js';
import { isObject } from '../mcp.js';
import { MODERN_REVISION } from '../modern.js';
import type { AxisValue } from '../variants/axes.js';
import { endpointUrl, parseJson, type Endpoint, type RunKnowledge } from './knowledge.js';

/** Which of the deployment's two hosts answered, a value of the host axis (one value when they share an origin); `elsewhere` for any other. */
export type Host = AxisValue<'host'> | 'elsewhere';

export type McpEraTag = '2025-11-25' | '2026-07-28';

/** An exchange with the run's tags: what an invariant selects on. */
export interface TaggedExchange extends SentExchange {
  readonly endpoint: Endpoint;
  readonly host: Host;
  /** The MCP revision the request spoke, for requests to the MCP endpoint. */
  readonly era?: McpEraTag;
  /** The JSON-RPC method of an MCP request (a batch's first). */
  readonly method?: string;
  readonly purpose: Purpose;
}

const AUTH_ENDPOINTS: ReadonlySet<Endpoint> = new Set(['authorization', 'token', 'revocation']);

/** The metadata documents at any of the deployment's origins (the auth host publishes its own too), path-suffixed or not. */
const WELL_KNOWN_DOCUMENT = /^\/\.well-known\/(?:oauth-protected-resource|oauth-authorization-server|openid-configuration)(?:\/|$)/;

export function tagExchange(sent: SentExchange, known: RunKnowledge): TaggedExchange {
  const { request } = sent.exchange;
  const url = endpointUrl(request.url);
  const origin = URL.canParse(request.url) ? new URL(request.url).origin : '';
  const isHtml = /^text\/html\b/i.test(header(sent.exchange, 'content-type') ?? '');
  const ownOrigin = known.origins.has(origin);
  const wellKnown = ownOrigin && WELL_KNOWN_DOCUMENT.test(new URL(url).pathname);
  const endpoint: Endpoint = known.endpoints.get(url) ?? (wellKnown ? 'metadata' : ownOrigin && isHtml ? 'page' : 'other');
  const onAuthHost = origin === known.authOrigin && (origin !== new URL(known.target.baseUrl).origin || endpoint === 'page');
  const host: Host = AUTH_ENDPOINTS.has(endpoint) || onAuthHost ? 'auth' : known.origins.has(origin) ? 'mcp' : 'elsewhere';
  if (endpoint !== 'mcp' || request.method !== 'POST') return { ...sent, endpoint, host };
  const body = parseJson(request.body);
  const first = Array.isArray(body) ? (body as unknown[])[0] : body;
  const method = isObject(first) && typeof first['method'] === 'string' ? first['method'] : undefined;
  const version = request.headers['mcp-protocol-version'] ?? request.headers['MCP-Protocol-Version'];
  const era: McpEraTag | undefined = version === MODERN_REVISION ? MODERN_REVISION : version !== undefined || method === 'initialize' ? '2025-11-25' : undefined;
  return { ...sent, endpoint, host, ...(era ? { era } : {}), ...(method ? { method } : {}) };
}
