import { createTraceState, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Attributes, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  RandomIdGenerator,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type IdGenerator,
} from '@opentelemetry/sdk-trace';
import type { RequestRecord } from './request-record.js';

/** `--otlp-endpoint` and `--otlp-sample-ratio`: where spans go and what share of new traces is kept. */
export interface SpanExportSettings {
  /** The OTLP/HTTP traces URL, e.g. `http://collector:4318/v1/traces`. */
  readonly url: string;
  /** Of the traces this server starts, the share exported (0 to 1); a caller's sampled flag decides its own. */
  readonly sampleRatio: number;
}

const exportTimeoutMs = 5_000;

/**
 * The ids a request was given when it began (its log line and audit rows already name them): the
 * span made when the request ends takes them instead of new ones. Read within one synchronous
 * `startSpan`, so no other request can see them.
 */
class RequestIds implements IdGenerator {
  readonly #random = new RandomIdGenerator();
  next: { traceId?: string; spanId?: string } = {};
  generateTraceId(): string {
    return this.next.traceId ?? this.#random.generateTraceId();
  }
  generateSpanId(): string {
    return this.next.spanId ?? this.#random.generateSpanId();
  }
}

/**
 * One OpenTelemetry span per request (a SERVER span, child of the caller's `traceparent` when it
 * sent one), batched to an OTLP/HTTP collector in JSON. Sampling is parent-based: a caller's
 * sampled flag is followed; of the traces this server starts, `sampleRatio` are kept.
 */
export class SpanExport {
  readonly #provider: TracerProvider;
  readonly #tracer: Tracer;
  readonly #ids = new RequestIds();

  constructor(settings: SpanExportSettings) {
    this.#provider = new TracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'survey-mcp' }),
      sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings.sampleRatio) }),
      idGenerator: this.#ids,
      // A collector that stops answering holds a stop at most this long (the SDK's default: 30 s).
      spanProcessors: [
        new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: settings.url, timeoutMillis: exportTimeoutMs }), exportTimeoutMillis: exportTimeoutMs }),
      ],
    });
    this.#tracer = this.#provider.getTracer('survey-mcp');
  }

  /** The request's span, from its start (now less its duration) to now. */
  request(record: RequestRecord): void {
    const { note } = record;
    const end = Date.now();
    const parent =
      note.traceId && note.parentSpanId
        ? trace.setSpanContext(ROOT_CONTEXT, {
            traceId: note.traceId,
            spanId: note.parentSpanId,
            traceFlags: Number.parseInt(note.traceFlags ?? '00', 16) & TraceFlags.SAMPLED,
            traceState: note.traceState === undefined ? undefined : createTraceState(note.traceState),
            isRemote: true,
          })
        : ROOT_CONTEXT;
    this.#ids.next = { traceId: note.traceId, spanId: note.spanId };
    const span = this.#tracer.startSpan(spanName(record), { kind: SpanKind.SERVER, startTime: end - record.durationMs }, parent);
    this.#ids.next = {};
    // The samplers here read no attribute: a span not sampled (most, at a ratio) is spared making them.
    if (!span.isRecording()) return;
    span.setAttributes(attributesOf(record));
    if (record.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end(end);
  }

  /** Sends what is batched and stops: before the process exits. */
  shutdown(): Promise<void> {
    return this.#provider.shutdown();
  }
}

/** As OpenTelemetry's MCP conventions name a server span: the method and its target (`tools/call get_survey`), else the route. */
function spanName(record: RequestRecord): string {
  const { note } = record;
  if (record.host === 'mcp' && note.method) return note.tool ? `${note.method} ${note.tool}` : note.method;
  return `${record.httpMethod} ${record.route}`;
}

/** What a sampled span says of its request: the conventions' HTTP and MCP attributes, and the request id of its log line. */
function attributesOf(record: RequestRecord): Attributes {
  const { note } = record;
  const attributes: Attributes = {
    'http.request.method': record.httpMethod,
    'http.route': record.route,
    'http.response.status_code': record.status,
    'survey_mcp.request_id': record.requestId,
  };
  if (record.host === 'mcp' && note.method) attributes['mcp.method.name'] = note.method;
  if (note.tool) attributes['gen_ai.tool.name'] = note.tool;
  if (note.era) attributes['mcp.protocol.version'] = note.era;
  if (note.toolError) attributes['error.type'] = 'tool_error';
  return attributes;
}
