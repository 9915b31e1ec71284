/**
 * Issue 47: with `--otlp-endpoint`, one OpenTelemetry span per request goes to an OTLP/HTTP
 * collector (here a receiver in the test, reading the JSON export), a child of the caller's
 * trace context; sampling follows the caller's sampled flag, and the ratio for traces it starts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMcp, rpc, tokenFor } from '../helpers/mcp.js';
import { createTestUser, startTestServer, type TestServer } from '../helpers/server.js';

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: string | number } }>;
}

/** An OTLP/HTTP collector's traces endpoint: every JSON export it receives. */
class OtlpReceiver {
  readonly exports: Array<{ path: string; contentType: string | undefined; body: any }> = [];
  #server!: Server;
  url = '';

  async start(): Promise<void> {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.exports.push({ path: req.url ?? '', contentType: req.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  spans(): Array<ExportedSpan & { service: unknown }> {
    return this.exports.flatMap(({ body }) =>
      (body.resourceSpans as any[]).flatMap((resource) => {
        const service = resource.resource.attributes.find((attribute: any) => attribute.key === 'service.name')?.value.stringValue;
        return (resource.scopeSpans as any[]).flatMap((scope) => (scope.spans as ExportedSpan[]).map((span) => ({ ...span, service })));
      }),
    );
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

const attribute = (span: ExportedSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

const modernEnvelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const modernHeaders = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'get_me' };

/** A server exporting to `receiver` at `sampleRatio`; its log lines; the person's token. */
async function exportingServer(receiver: OtlpReceiver, sampleRatio: number) {
  const lines: string[] = [];
  const server = await startTestServer(
    { log: { format: 'json', level: 'info' }, spanExport: { url: `${receiver.url}/v1/traces`, sampleRatio } },
    { logDestination: { write: (line: string) => void lines.push(line) } },
  );
  await createTestUser(server, 'alice@example.com', 'Alice');
  return { server, lines, token: await tokenFor(server, 'alice@example.com') };
}

/** get_me in 2026-07-28 with `traceparent` in its _meta (when given); the request id the answer echoed. */
async function getMe(server: TestServer, token: string, traceparent?: string): Promise<string> {
  const response = await postMcp(server, rpc('tools/call', { name: 'get_me', arguments: {}, _meta: { ...modernEnvelope, ...(traceparent && { traceparent }) } }), {
    token,
    headers: modernHeaders,
  });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return response.headers.get('x-request-id')!;
}

const logLine = (lines: string[], requestId: string) => JSON.parse(lines.find((line) => line.includes(requestId))!) as Record<string, unknown>;

describe('span export to an OpenTelemetry collector', () => {
  const receiver = new OtlpReceiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.close());

  it('sends a SERVER span per request, child of the caller span, with the ids its log line names; a caller that did not sample is followed', async () => {
    const { server, lines, token } = await exportingServer(receiver, 0);
    const sampled = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', parentId: '00f067aa0ba902b7' };
    const sampledRequest = await getMe(server, token, `00-${sampled.traceId}-${sampled.parentId}-01`);
    const unsampledRequest = await getMe(server, token, '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00');
    const untracedRequest = await getMe(server, token);
    await expect.poll(() => lines.some((line) => line.includes(untracedRequest))).toBe(true);
    // Stopping sends what the batch holds.
    await server.close();

    const spans = receiver.spans();
    expect(receiver.exports.every((sent) => sent.path === '/v1/traces' && sent.contentType?.startsWith('application/json'))).toBe(true);
    // Ratio 0: the caller's sampled trace alone is exported; its unsampled one and a trace the server began are not.
    expect(spans).toHaveLength(1);
    const [span] = spans as [ExportedSpan & { service: unknown }];
    const line = logLine(lines, sampledRequest);
    expect(span).toMatchObject({ traceId: sampled.traceId, parentSpanId: sampled.parentId, name: 'tools/call get_me', kind: 2, service: 'survey-mcp' });
    expect(line).toMatchObject({ trace_id: sampled.traceId, span_id: span.spanId });
    expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(span.spanId).not.toBe(sampled.parentId);
    expect(attribute(span, 'mcp.method.name')).toBe('tools/call');
    expect(attribute(span, 'gen_ai.tool.name')).toBe('get_me');
    expect(attribute(span, 'http.response.status_code')).toBe(200);
    expect(attribute(span, 'survey_mcp.request_id')).toBe(sampledRequest);
    expect(BigInt(span.endTimeUnixNano)).toBeGreaterThan(BigInt(span.startTimeUnixNano));
    // The requests not exported still carry a trace of their own in their lines, to find them by.
    expect(logLine(lines, unsampledRequest)).toMatchObject({ trace_id: '0af7651916cd43dd8448eb211c80319c' });
    expect(logLine(lines, untracedRequest).trace_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('starts a trace of its own for a request without one, exported at ratio 1 under the ids its log line names', async () => {
    receiver.exports.length = 0;
    const { server, lines, token } = await exportingServer(receiver, 1);
    const requestId = await getMe(server, token);
    await expect.poll(() => lines.some((line) => line.includes(requestId))).toBe(true);
    await server.close();
    const span = receiver.spans().find((exported) => attribute(exported, 'survey_mcp.request_id') === requestId)!;
    expect(span.parentSpanId ?? '').toBe('');
    expect(logLine(lines, requestId)).toMatchObject({ trace_id: span.traceId, span_id: span.spanId });
  });
});
