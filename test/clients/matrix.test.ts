import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../helpers/mcp.js';
import type { ClientRow, ClientSession } from './client-row.js';
import { inspectorsOwnClient, runInspector } from './inspector-cli.js';
import { startMatrixServers, type MatrixServers } from './matrix-servers.js';
import { toolNames } from './tool-names.js';
import { codexCli } from './rows/codex.js';
import { inspectorCli } from './rows/inspector.js';
import { mcpRemote } from './rows/mcp-remote.js';
import { sdk1Client } from './rows/sdk-1.js';
import { sdk2Client } from './rows/sdk-2.js';
import { WireRecorder } from './wire-recorder.js';

/** Every real client we name in the README, each asked the same things. A new client is a new row. */
const rows: readonly ClientRow[] = [
  sdk1Client,
  sdk2Client('legacy'),
  sdk2Client('auto'),
  sdk2Client({ pin: '2026-07-28' }),
  mcpRemote,
  inspectorCli,
  codexCli,
];

let servers: MatrixServers;
beforeAll(async () => {
  servers = await startMatrixServers();
});
afterAll(() => servers?.close());

describe.each(rows)('$name, against GET / at $streamGetStatus', (row) => {
  let session: ClientSession;
  beforeAll(async () => {
    session = await row.connect(servers.at(row.streamGetStatus), 'alice@example.com');
  }, 60_000);
  afterAll(() => session?.close());

  it('lists the 14 tools', async () => {
    expect((await session.toolNames()).sort()).toEqual(toolNames);
  });

  it('calls get_me as the person who signed in', async () => {
    const me = await session.callTool('get_me', {});
    expect(me.isError).toBe(false);
    expect(me.payload.user).toMatchObject({ email: 'alice@example.com', name: 'Alice Moreau' });
  });

  it('gets a tool error it can read: isError with {"error": …}', async () => {
    const missing = await session.callTool('get_survey', { survey_id: 'srv_missing' });
    expect(missing).toEqual({ isError: true, payload: { error: "survey 'srv_missing' not found" } });
  });

  it('reads get_survey_results of a demo survey', async () => {
    const results = await session.callTool('get_survey_results', { survey_id: 'srv_demo_nps' });
    expect(results.isError).toBe(false);
    expect(results.payload).toMatchObject({ survey_id: 'srv_demo_nps' });
    expect(results.payload.response_count).toBeGreaterThan(1000);
    expect(results.payload.questions.map((question: { type: string }) => question.type)).toContain('nps');
  });
});

/**
 * Today's failure, kept in view: against the contract's 404 the Inspector often lists no tools.
 * Whether it does in one run is a race inside the Inspector (the 404 lands before or after it asks
 * for the tools), so these tests assert what holds in every run; the second fails when the client
 * the Inspector ships stops treating the 404 as a failed transport.
 */
describe('the MCP Inspector CLI against the contract’s 404 on GET / (without the flag)', () => {
  let recorder: WireRecorder;
  let token: string;
  beforeAll(async () => {
    recorder = await WireRecorder.start(servers.at(404).baseUrl);
    token = await tokenFor(servers.at(404), 'alice@example.com');
  });
  afterAll(() => recorder?.close());

  it('opens GET / after initialize and gets 404; it then lists all 14 tools, or none without asking for them', async () => {
    const { code, result } = await runInspector(recorder.url, token, ['tools/list']);
    expect(code).toBe(0);
    const order = recorder.exchanges.map((exchange) => exchange.rpcMethod ?? `${exchange.method} ${exchange.path}`);
    expect(order.slice(0, 2)).toEqual(['initialize', 'notifications/initialized']);
    expect(order.indexOf('GET /')).toBeGreaterThan(1);
    const streamGet = recorder.exchanges.find((exchange) => exchange.method === 'GET' && exchange.path === '/');
    expect(streamGet).toMatchObject({ accept: expect.stringContaining('text/event-stream'), status: 404 });
    expect(JSON.parse(streamGet!.body).error.code).toBe(-32601);
    const asked = recorder.exchanges.some((exchange) => exchange.rpcMethod === 'tools/list');
    const listed = (result.tools as Array<{ name: string }>).map((tool) => tool.name).sort();
    // Empty only when the Inspector dropped its own connection before asking: never our answer.
    expect(listed).toEqual(asked ? toolNames : []);
  });

  it('the client the Inspector ships reports that 404 as a failed transport, the cause of the empty list', async () => {
    const { Client, StreamableHTTPClientTransport } = inspectorsOwnClient();
    const client = new Client({ name: 'inspector-sdk', version: '1.0.0' });
    const transportError = new Promise<{ status?: number; message: string }>((resolve, reject) => {
      client.onerror = resolve;
      const noticed = 'no transport error within 10 s: the Inspector’s client now tolerates the 404; see whether the Inspector lists the tools in every run, then update the README’s client compatibility section';
      setTimeout(() => reject(new Error(noticed)), 10_000).unref();
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${servers.at(404).baseUrl}/`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }));
    try {
      const error = await transportError;
      expect(error.status).toBe(404);
      expect(error.message).toMatch(/Failed to open SSE stream/);
    } finally {
      await client.close();
    }
  });
});

/** What a host that renders MCP Apps learns of get_survey_results, as the Inspector probes it. */
describe('the MCP Inspector CLI probing the results chart (--app-info), under --stream-get-status 405', () => {
  it('finds the ui:// view of get_survey_results with a CSP that allows no network at all', async () => {
    const server = servers.at(405);
    const token = await tokenFor(server, 'alice@example.com');
    const { code, result } = await runInspector(`${server.baseUrl}/`, token, [
      'tools/call',
      '--tool-name',
      'get_survey_results',
      '--app-info',
      '--advertise-apps',
    ]);
    expect(code).toBe(0);
    expect(result).toMatchObject({ resourceUri: 'ui://survey-mcp/survey-results.html' });
    expect(JSON.stringify(result.csp ?? {})).not.toMatch(/https?:/);
  });
});
