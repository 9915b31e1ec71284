import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ServerLog } from '../../telemetry/request-log.js';
import type { ServerMetrics } from '../../telemetry/metrics.js';
import type { SpanExport } from '../../telemetry/span-export.js';
import type { RequestNote, RequestRecord } from '../../telemetry/request-record.js';
import { actingThrough } from '../../platform/audit.js';
import { noteOf, watch } from './request-notes.js';
import { noteTraceHeaders } from './trace-notes.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface RequestTelemetry {
  readonly metrics?: ServerMetrics;
  readonly log?: ServerLog;
  /** One span per request to an OpenTelemetry collector (`--otlp-endpoint`). */
  readonly spans?: SpanExport;
  /** Behind a reverse proxy (`--trust-proxy`): its `X-Request-Id` and `X-Forwarded-For` are believed. */
  readonly trustProxy: boolean;
}

/** A request id a proxy may hand on: short, and of characters safe in a header and a log. */
const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** Answered when the client hung up first (nginx's convention): counted as a client error. */
const clientClosed = 499;

/**
 * Wraps a host's request handler. Each request runs with its note as the platform's
 * `actingThrough` (the audit trail reads the app, the address and the trace there); with metrics,
 * a log or spans on, it is also counted, logged and exported once its answer is out (or its client
 * gone), with a request id echoed in `X-Request-Id`.
 */
export function observeRequests(host: RequestRecord['host'], routes: ReadonlySet<string>, telemetry: RequestTelemetry, handler: Handler): Handler {
  const { metrics, log, spans, trustProxy } = telemetry;
  if (!metrics && !log && !spans) {
    return function acting(req, res) {
      actingThrough.run(noteAt(req, res, trustProxy, false), handler, req, res);
    };
  }
  return function observed(req, res) {
    watch(res);
    const note = noteAt(req, res, trustProxy, spans !== undefined);
    const started = performance.now();
    const offered = trustProxy ? req.headers['x-request-id'] : undefined;
    const requestId = typeof offered === 'string' && requestIdPattern.test(offered) ? offered : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    // `on`, not `once`: a response closes once, and `once` wraps each listener and removes it again.
    res.on('close', () => {
      const route = routeOf(req.url ?? '/', routes);
      if (route === '/oauth/token') note.method = grantLabel(req);
      const record: RequestRecord = {
        host,
        requestId,
        httpMethod: req.method ?? 'GET',
        route,
        status: res.headersSent ? res.statusCode : clientClosed,
        durationMs: performance.now() - started,
        note,
      };
      metrics?.request(record);
      log?.request(record);
      spans?.request(record);
    });
    actingThrough.run(note, handler, req, res);
  };
}

/** The request's note, begun with the client's address and the caller's trace. */
function noteAt(req: IncomingMessage, res: ServerResponse, trustProxy: boolean, exportingSpans: boolean): RequestNote {
  const note = noteOf(res);
  note.address = addressOf(req, trustProxy);
  noteTraceHeaders(req, note, exportingSpans);
  return note;
}

/** The path when it is one of the host's routes (a path-aware well-known path counts as its document), else `other`. */
export function routeOf(url: string, routes: ReadonlySet<string>): string {
  // Most requests name a route exactly (`POST /`): no pattern to run.
  if (routes.has(url)) return url;
  const path = /^(?:https?:\/\/[^/?#]*)?([^?#]*)/i.exec(url)![1] || '/';
  if (routes.has(path)) return path;
  const wellKnown = /^\/\.well-known\/[a-z-]+/.exec(path)?.[0];
  return wellKnown && routes.has(wellKnown) ? wellKnown : 'other';
}

/** The token request's grant type as the form parser left it on the request, from the two the server offers. */
function grantLabel(req: IncomingMessage): string {
  const grantType = (req as IncomingMessage & { body?: { grant_type?: unknown } }).body?.grant_type;
  return grantType === 'authorization_code' || grantType === 'refresh_token' ? grantType : 'other';
}

/** The client's address: the proxy's one hop of `X-Forwarded-For` when trusted, else the socket's. */
function addressOf(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  if (typeof forwarded === 'string') return forwarded.split(',').pop()!.trim();
  return req.socket.remoteAddress;
}
