import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestNote } from '../../telemetry/request-record.js';
import { newSpanId, newTraceId, parseTraceparent, parseTracestate } from '../../telemetry/trace-context.js';
import { noteOf } from './request-notes.js';

/**
 * At a request's start: the caller's trace from the HTTP `traceparent` and `tracestate` headers (in
 * both eras). With spans exported, the request is also given a span of this server's, in a trace
 * of its own until a caller names one.
 */
export function noteTraceHeaders(req: IncomingMessage, note: RequestNote, exportingSpans: boolean): void {
  const { traceparent } = req.headers;
  if (traceparent !== undefined) adopt(note, traceparent, req.headers.tracestate);
  if (exportingSpans) {
    note.spanId = newSpanId();
    note.traceId ??= newTraceId();
  }
}

type MetaCarrier = { params?: { _meta?: { traceparent?: unknown; tracestate?: unknown } } } | undefined;

/**
 * A request's own trace context in `params._meta` (SEP-414), which wins over the HTTP header: it
 * names the caller's span of this very message. Read from a body of one message only: a batch's
 * messages may each name another trace, and the request has one log line.
 */
export function noteTraceMeta(res: ServerResponse, messages: readonly unknown[]): void {
  if (messages.length !== 1) return;
  const meta = (messages[0] as MetaCarrier)?.params?._meta;
  if (meta?.traceparent !== undefined) adopt(noteOf(res), meta.traceparent, meta.tracestate);
}

/** Takes a valid `traceparent` as the request's trace; a malformed one changes nothing. */
function adopt(note: RequestNote, traceparent: unknown, tracestate: unknown): void {
  const parent = parseTraceparent(traceparent);
  if (!parent) return;
  note.traceId = parent.traceId;
  note.parentSpanId = parent.parentId;
  note.traceFlags = parent.flags;
  note.traceState = parseTracestate(tracestate);
}
