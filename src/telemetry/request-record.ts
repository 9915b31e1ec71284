/**
 * What one HTTP request was, once its answer is out: what the metrics count and the request log
 * writes. A leaf module: the HTTP layer fills it in, the telemetry renders it.
 */
export interface RequestRecord {
  /** Which listener: the MCP host (`{base_url}`) or the auth host (`{auth_url}`). */
  readonly host: 'mcp' | 'auth';
  /** Accepted from a trusted proxy's `X-Request-Id`, else generated; echoed in the answer. */
  readonly requestId: string;
  readonly httpMethod: string;
  /** A route from a closed set (`routeOf`), never the raw path: label values stay bounded. */
  readonly route: string;
  readonly status: number;
  readonly durationMs: number;
  /** Filled in along the way where known. */
  readonly note: RequestNote;
}

/** What the request path learns about a request as it goes. */
export interface RequestNote {
  userId?: string;
  clientId?: string;
  /** The client address as the rate limits see it. */
  address?: string;
  /** The MCP revision the request was answered in. */
  era?: '2025-11-25' | '2026-07-28';
  /** The JSON-RPC method (`batch` for a batch), or a grant type at the token endpoint. */
  method?: string;
  /** The tool of a `tools/call`. */
  tool?: string;
  /** The answer was a tool error result (HTTP 200, `isError: true`). */
  toolError?: boolean;
  /** Refused before any work with the contract's 429: the person's budget, or its queue's wait. */
  refusal?: 'rate-limit';
  /** The W3C trace the request belongs to: the caller's (`traceparent`), or one this server began to export. */
  traceId?: string;
  /** This server's span of the request, when spans are exported (`--otlp-endpoint`). */
  spanId?: string;
  /** The caller's span, from its `traceparent`. */
  parentSpanId?: string;
  /** The caller's trace flags (`01`: it sampled the trace) and `tracestate`, handed on to the exported span. */
  traceFlags?: string;
  traceState?: string;
}

/** The span a request's log line and audit rows name: this server's when exported, else the caller's. */
export const spanOf = (note: Pick<RequestNote, 'spanId' | 'parentSpanId'>): string | undefined => note.spanId ?? note.parentSpanId;

/**
 * What a request came to, as the operators count it: `ok`, `tool_error`, or the HTTP
 * status for the refusals worth alerting on (401, 403, 404, 429), `4xx` for the rest of the
 * client errors and `5xx` for ours.
 */
export function outcomeOf(record: Pick<RequestRecord, 'status' | 'note'>): string {
  const { status, note } = record;
  if (status >= 500) return '5xx';
  if (status === 401 || status === 403 || status === 404 || status === 429) return String(status);
  if (status >= 400) return '4xx';
  return note.toolError ? 'tool_error' : 'ok';
}
