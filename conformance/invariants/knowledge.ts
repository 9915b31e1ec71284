import { jsonOf, type Exchange, type SentExchange } from '../http.js';
import { isObject, jsonRpcOf } from '../mcp.js';
import type { Target } from '../target.js';

/** The endpoint an exchange was sent to, classified against the metadata the run discovered. */
export type Endpoint = 'metadata' | 'authorization' | 'token' | 'revocation' | 'registration' | 'mcp' | 'page' | 'other';

/** What the run learnt from its own exchanges, for the invariants that judge against it. */
export interface RunKnowledge {
  readonly target: Target;
  /** Endpoint URLs (no query) by kind: the well-known documents, the MCP endpoint, and what the metadata named. */
  readonly endpoints: ReadonlyMap<string, Endpoint>;
  /** The deployment's own origins: the MCP host's and every origin its metadata names an endpoint at. */
  readonly origins: ReadonlySet<string>;
  /** The origin of the authorization endpoint: the auth host (the MCP host's when they share one). */
  readonly authOrigin: string | undefined;
  /** Access and refresh tokens the token endpoint issued in the run. */
  readonly tokens: ReadonlySet<string>;
  /** Authorization codes the deployment issued in the run. */
  readonly codes: ReadonlySet<string>;
  /** The redirect URIs the runner's authorization requests named. */
  readonly redirectUris: ReadonlySet<string>;
  /**
   * 2025-11-25 is not spoken: an `initialize` was refused at the HTTP level and none was answered
   * with a result (a server of both eras refuses some, an unknown version header say).
   */
  readonly legacyRefused: boolean;
}

const ENDPOINT_FIELDS: readonly (readonly [string, Endpoint])[] = [
  ['authorization_endpoint', 'authorization'],
  ['token_endpoint', 'token'],
  ['revocation_endpoint', 'revocation'],
  ['registration_endpoint', 'registration'],
];

/** The URL without query or fragment: how endpoints are compared. */
export function endpointUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

/** One pass over the run's exchanges; the invariants then judge each against what all of them showed. */
export function learn(target: Target, sent: readonly SentExchange[]): RunKnowledge {
  const endpoints = new Map<string, Endpoint>([
    [target.protectedResourceMetadata, 'metadata'],
    [target.authorizationServerMetadata, 'metadata'],
    [target.openidConfiguration, 'metadata'],
    [target.registrationEndpoint, 'registration'],
    [endpointUrl(target.mcpEndpoint), 'mcp'],
  ]);
  const origins = new Set([new URL(target.baseUrl).origin]);
  const tokens = new Set<string>();
  const codes = new Set<string>();
  const redirectUris = new Set<string>();
  let authOrigin: string | undefined;
  let initializeRefused = false;
  let initializeAnswered = false;
  for (const { exchange } of sent) {
    const url = endpointUrl(exchange.request.url);
    if (url === target.authorizationServerMetadata || url === target.openidConfiguration) {
      const json = jsonOf(exchange);
      for (const [field, kind] of ENDPOINT_FIELDS) {
        const named = isObject(json) ? json[field] : undefined;
        if (typeof named !== 'string' || !URL.canParse(named)) continue;
        endpoints.set(endpointUrl(named), kind);
        origins.add(new URL(named).origin);
        if (kind === 'authorization') authOrigin ??= new URL(named).origin;
      }
    }
    const redirectUri = URL.canParse(exchange.request.url) ? new URL(exchange.request.url).searchParams.get('redirect_uri') : null;
    if (redirectUri) redirectUris.add(redirectUri);
    collectSecrets(exchange, tokens, codes);
    const initialize = initializeOutcome(exchange, target);
    if (initialize === 'refused') initializeRefused = true;
    if (initialize === 'answered') initializeAnswered = true;
  }
  const legacyRefused = initializeRefused && !initializeAnswered;
  return { target, endpoints, origins, authOrigin, tokens, codes, redirectUris, legacyRefused };
}

function collectSecrets(exchange: Exchange, tokens: Set<string>, codes: Set<string>): void {
  const json = exchange.response.status === 200 ? jsonOf(exchange) : undefined;
  if (isObject(json)) {
    for (const field of ['access_token', 'refresh_token']) {
      const value = json[field];
      if (typeof value === 'string' && value.length >= 8) tokens.add(value);
    }
  }
  const location = exchange.response.headers['location'];
  if (location && URL.canParse(location, exchange.request.url)) {
    const code = new URL(location, exchange.request.url).searchParams.get('code');
    if (code && code.length >= 8) codes.add(code);
  }
}

/** basic/versioning "Compatibility Matrix": a server without 2025-11-25 refuses initialize with a 4xx; undefined for any other request. */
function initializeOutcome(exchange: Exchange, target: Target): 'answered' | 'refused' | undefined {
  if (endpointUrl(exchange.request.url) !== endpointUrl(target.mcpEndpoint) || exchange.request.method !== 'POST') return undefined;
  const request = parseJson(exchange.request.body);
  if (!isObject(request) || request['method'] !== 'initialize') return undefined;
  const { status } = exchange.response;
  const answer = jsonRpcOf(exchange);
  if (isObject(answer?.result)) return 'answered';
  return status >= 400 && status < 500 ? 'refused' : undefined;
}

export function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
