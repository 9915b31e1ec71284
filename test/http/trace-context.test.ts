/**
 * Issue 47: a caller's W3C trace context (`params._meta` per SEP-414, or the HTTP `traceparent`
 * header) is carried through the request into its log line and the audit rows it causes, on both
 * stores; a malformed one is ignored and the request is answered as without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/backends.js';
import { postMcp, rpc, tokenFor } from '../helpers/mcp.js';
import { dropSchemas, postgresUrl, uniqueSchema } from '../helpers/postgres.js';
import { createTestUser, pkcePair, registerClient, runAuthorization, startTestServer, type TestServer } from '../helpers/server.js';

const modernEnvelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const modernHeaders = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'create_survey' };

/** A traceparent of fresh ids, and the ids it names. */
function traceparent(flags = '01') {
  const hex = (bytes: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('hex');
  const traceId = hex(16);
  const parentId = hex(8);
  return { traceId, parentId, header: `00-${traceId}-${parentId}-${flags}` };
}

describe.each(backends)('trace context on %s', (backend) => {
  const lines: string[] = [];
  let server: TestServer;
  let token: string;
  const schema = backend === 'postgres' ? uniqueSchema('trace') : undefined;

  beforeAll(async () => {
    server = await startTestServer(
      { log: { format: 'json', level: 'info' }, ...(schema && { db: postgresUrl(schema), rateStore: ':memory:' }) },
      { logDestination: { write: (line: string) => void lines.push(line) } },
    );
    const alice = await createTestUser(server, 'alice@example.com', 'Alice');
    await server.store.insertWorkspace({ id: 'wsp_test', name: 'Test', createdAt: server.clock.now() });
    await server.store.setWorkspaceMember('wsp_test', alice.id, 'admin');
    token = await tokenFor(server, 'alice@example.com');
  });

  afterAll(async () => {
    await server?.close();
    if (schema) await dropSchemas([schema]);
  });

  /** Creates a survey titled `title`; the request's log line and the audit row of the survey it made. */
  async function createSurvey(title: string, options: { meta?: Record<string, string>; headers?: Record<string, string>; modern?: boolean }) {
    const _meta = options.modern ? { ...modernEnvelope, ...options.meta } : options.meta;
    const body = rpc('tools/call', { name: 'create_survey', arguments: { workspace_id: 'wsp_test', title }, ...(_meta && { _meta }) });
    const response = await postMcp(server, body, { token, headers: { ...(options.modern ? modernHeaders : {}), ...options.headers } });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { result: { isError?: boolean; content: Array<{ text: string }> } };
    expect(answer.result.isError).not.toBe(true);
    const surveyId = (JSON.parse(answer.result.content[0]!.text) as { survey: { id: string } }).survey.id;
    // The line is written once the answer is out; the log line names the request id the answer echoed.
    const requestId = response.headers.get('x-request-id')!;
    await expect.poll(() => lines.some((line) => line.includes(requestId))).toBe(true);
    const line = JSON.parse(lines.find((entry) => entry.includes(requestId))!) as Record<string, unknown>;
    const [row] = await server.store.listAuditEvents({ surveyId, limit: 10 });
    return { line, row: row!, requestId };
  }

  it('names the trace and the caller span of a 2026-07-28 request _meta in its log line and its audit row', async () => {
    const trace = traceparent();
    const { line, row } = await createSurvey('Modern traced', { modern: true, meta: { traceparent: trace.header, tracestate: 'rojo=00f067aa0ba902b7' } });
    expect(line).toMatchObject({ msg: 'request', era: '2026-07-28', tool: 'create_survey', trace_id: trace.traceId, span_id: trace.parentId });
    expect(row).toMatchObject({ action: 'survey.create', traceId: trace.traceId, spanId: trace.parentId });
  });

  it('reads the HTTP traceparent header in the 2025-11-25 era too', async () => {
    const trace = traceparent('00');
    const { line, row } = await createSurvey('Legacy traced', { headers: { traceparent: trace.header } });
    expect(line).toMatchObject({ era: '2025-11-25', trace_id: trace.traceId, span_id: trace.parentId });
    expect(row).toMatchObject({ traceId: trace.traceId, spanId: trace.parentId });
  });

  it('reads _meta in a 2025-11-25 request too, and not in a batch, whose messages may each name another trace', async () => {
    const trace = traceparent();
    const { line, row } = await createSurvey('Legacy meta', { meta: { traceparent: trace.header } });
    expect(line).toMatchObject({ era: '2025-11-25', trace_id: trace.traceId });
    expect(row).toMatchObject({ traceId: trace.traceId });
    const batch = [rpc('tools/call', { name: 'get_me', arguments: {}, _meta: { traceparent: trace.header } }), rpc('ping')];
    const response = await postMcp(server, batch, { token });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const requestId = response.headers.get('x-request-id')!;
    await expect.poll(() => lines.some((entry) => entry.includes(requestId))).toBe(true);
    expect(lines.find((entry) => entry.includes(requestId))).not.toContain('trace_id');
  });

  it('lets the message _meta win over the HTTP header, which names the hop before it', async () => {
    const [header, meta] = [traceparent(), traceparent()];
    const { line, row } = await createSurvey('Both', { modern: true, headers: { traceparent: header.header }, meta: { traceparent: meta.header } });
    expect(line).toMatchObject({ trace_id: meta.traceId, span_id: meta.parentId });
    expect(row).toMatchObject({ traceId: meta.traceId });
  });

  it('ignores a malformed traceparent: the request is answered, its request id stands alone', async () => {
    const zeros = `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`;
    for (const options of [{ headers: { traceparent: 'not-a-trace' } }, { modern: true, meta: { traceparent: zeros } }]) {
      const { line, row, requestId } = await createSurvey('Untraced', options);
      expect(line.requestId).toBe(requestId);
      expect(line).not.toHaveProperty('trace_id');
      expect(line).not.toHaveProperty('span_id');
      expect(row.traceId).toBeUndefined();
      expect(row.spanId).toBeUndefined();
    }
  });

  it('carries the HTTP traceparent of a token request on the auth host into the grant it records', async () => {
    const trace = traceparent();
    const client = await registerClient(server);
    const { verifier, challenge } = pkcePair();
    const { params } = await runAuthorization(server, { client, challenge });
    const response = await fetch(`${server.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', traceparent: trace.header },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: params.get('code')!, redirect_uri: client.redirect_uris[0]!, client_id: client.client_id, code_verifier: verifier }),
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id')!;
    await expect.poll(() => lines.some((line) => line.includes(requestId))).toBe(true);
    expect(JSON.parse(lines.find((line) => line.includes(requestId))!)).toMatchObject({ host: 'auth', grantType: 'authorization_code', trace_id: trace.traceId });
    const events = await server.store.listAuditEvents({ limit: 50 });
    expect(events.find((event) => event.action === 'grant.create' && event.clientId === client.client_id)).toMatchObject({ traceId: trace.traceId, spanId: trace.parentId });
  });

  it('does not echo the trace context: the 2026-07-28 revision asks for no echo', async () => {
    const trace = traceparent();
    const response = await postMcp(server, rpc('tools/call', { name: 'get_me', arguments: {}, _meta: { ...modernEnvelope, traceparent: trace.header } }), {
      token,
      headers: { ...modernHeaders, 'mcp-name': 'get_me', traceparent: trace.header },
    });
    expect(response.headers.get('traceparent')).toBeNull();
    expect(JSON.stringify(await response.json())).not.toContain(trace.traceId);
  });
});
