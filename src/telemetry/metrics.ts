import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { LeanCounter } from './lean-counter.js';
import { LeanHistogram } from './lean-histogram.js';
import { outcomeOf, type RequestRecord } from './request-record.js';

/**
 * The server's Prometheus metrics (`--metrics-port`). Every label value comes from a closed set
 * (routes, methods, outcomes, eras, store operations): no person, survey or client is ever a
 * label, so the series count stays bounded whatever the traffic. A registry of its own per
 * server, so that two servers in one process (tests) count apart.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly #requests = new LeanCounter(
    'survey_mcp_http_requests_total',
    'HTTP requests answered, by host, route, MCP era, JSON-RPC method (or grant type) and outcome',
    ['host', 'route', 'era', 'method', 'outcome'],
    this.registry,
  );
  readonly #latency = new LeanHistogram(
    'survey_mcp_http_request_duration_seconds',
    'Time from the request to the end of its answer, by host, route and outcome',
    ['host', 'route', 'outcome'],
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    this.registry,
  );
  readonly #refusals = new Counter({
    name: 'survey_mcp_refusals_total',
    help: "Requests refused before any work: rate-limit (the contract's 429, past the person's budget or its queue's wait)",
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  readonly #tokens = new Counter({
    name: 'survey_mcp_tokens_total',
    help: 'Token endpoint and revocation outcomes: issued (code grant), refreshed, refused (by grant), revoked',
    labelNames: ['event', 'grant'] as const,
    registers: [this.registry],
  });
  readonly #signIns = new Counter({
    name: 'survey_mcp_sign_ins_total',
    help: 'Sign-in attempts by method (password, sso) and outcome (success, refused, limited, error)',
    labelNames: ['method', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly #clientMetadataFetches = new Counter({
    name: 'survey_mcp_client_metadata_fetches_total',
    help: 'Fetches of client metadata documents (CIMD) by outcome: fetched, or why not (timeout, http_status, invalid_document, host_busy, …)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly #storeLatency = new LeanHistogram(
    'survey_mcp_store_operation_duration_seconds',
    'Time of one store operation (SQLite or PostgreSQL) or rate-store operation (Redis or the SQLite log)',
    ['store', 'operation'],
    [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    this.registry,
  );
  readonly #storeErrors = new Counter({
    name: 'survey_mcp_store_errors_total',
    help: 'Store and rate-store operations that failed (unreachable, timed out, or an error of the store)',
    labelNames: ['store', 'operation'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** One answered request: its counters, its latency and what it says about tokens and sign-ins. */
  request(record: RequestRecord): void {
    const outcome = outcomeOf(record);
    const { host, route, note } = record;
    this.#requests.inc(host, route, note.era ?? 'none', note.method ?? record.httpMethod, outcome);
    this.#latency.observe(record.durationMs / 1000, host, route, outcome);
    if (note.refusal) this.#refusals.inc({ reason: note.refusal });
    if (host === 'auth') this.#authEvents(record);
  }

  /** One fetch of a client metadata document and how it ended (a closed set). */
  clientMetadataFetch(outcome: string): void {
    this.#clientMetadataFetches.inc({ outcome });
  }

  /** How long one store operation took, and whether it failed. */
  storeOperation(store: string, operation: string, seconds: number, failed: boolean): void {
    this.#storeLatency.observe(seconds, store, operation);
    if (failed) this.#storeErrors.inc({ store, operation });
  }

  /** The auth host's answers say what happened: a 200 from the token endpoint is a token, a 303 from sign-in a session. */
  #authEvents({ route, status, note }: RequestRecord): void {
    if (route === '/oauth/token') {
      const grant = note.method ?? 'other';
      const event = status !== 200 ? 'refused' : grant === 'refresh_token' ? 'refreshed' : 'issued';
      this.#tokens.inc({ event, grant });
    } else if (route === '/oauth/revoke' && status === 200) {
      this.#tokens.inc({ event: 'revoked', grant: 'none' });
    } else if (route === '/sign-in' || route === '/sso/callback') {
      this.#signIns.inc({ method: route === '/sign-in' ? 'password' : 'sso', outcome: signInOutcome(status) });
    }
  }
}

function signInOutcome(status: number): string {
  if (status === 302 || status === 303) return 'success';
  if (status === 429) return 'limited';
  return status >= 500 ? 'error' : 'refused';
}
