import { createTraceState, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Attributes, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  RandomIdGenerator,
  SamplingDecision,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type IdGenerator,
} from '@opentelemetry/sdk-trace';
import type { RequestNote, RequestRecord } from './request-record.js';

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
  readonly #newTraces: TraceIdRatioBasedSampler;

  constructor(settings: SpanExportSettings) {
    this.#newTraces = new TraceIdRatioBasedSampler(settings.sampleRatio);
    this.#provider = new TracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'survey-mcp' }),
      sampler: new ParentBasedSampler({ root: this.#newTraces }),
      idGenerator: this.#ids,
      // A collector that stops answering holds a stop at most this long (the SDK's default: 30 s).
      spanProcessors: [
        new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: settings.url, timeoutMillis: exportTimeoutMs }), exportTimeoutMillis: exportTimeoutMs }),
      ],
    });
    this.#tracer = this.#provider.getTracer('survey-mcp');
  }

  /** The request's span, from its start (now less its duration) to now; nothing at all for a trace not sampled. */
  request(record: RequestRecord): void {
    const { note } = record;
    if (!this.#sampled(note)) return;
    const end = Date.now();
    const parent =
      note.traceId && note.parentSpanId
        ? trace.setSpanContext(ROOT_CONTEXT, {
            traceId: note.traceId,
            spanId: note.parentSpanId,
            traceFlags: TraceFlags.SAMPLED,
            traceState: note.traceState === undefined ? undefined : createTraceState(note.traceState),
            isRemote: true,
          })
        : ROOT_CONTEXT;
    this.#ids.next = { traceId: note.traceId, spanId: note.spanId };
    const span = this.#tracer.startSpan(spanName(record), { kind: SpanKind.SERVER, startTime: end - record.durationMs }, parent);
    this.#ids.next = {};
    span.setAttributes(attributesOf(record));
    if (record.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end(end);
  }

  /**
   * The provider's own sampler's decision, taken before any span, context or id is made (most
   * requests, at a ratio, are not sampled): a caller's trace as its sampled flag says (the
   * parent-based sampler's default for a remote parent), a trace of ours by the ratio on its id,
   * as the ratio sampler decides it again inside `startSpan`.
   */
  #sampled(note: RequestNote): boolean {
    if (note.parentSpanId !== undefined) return (Number.parseInt(note.traceFlags ?? '00', 16) & TraceFlags.SAMPLED) !== 0;
    return note.traceId !== undefined && this.#newTraces.shouldSample(ROOT_CONTEXT, note.traceId).decision === SamplingDecision.RECORD_AND_SAMPLED;
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
