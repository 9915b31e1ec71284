import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestServer, type TestServer } from '../helpers/server.js';
import { latestProtocol, postMcp, rpc, tokenFor } from '../helpers/mcp.js';

let server: TestServer;
let alice: string;
let challenge: string;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: true });
  alice = await tokenFor(server, 'alice@example.com');
  challenge = `Bearer resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource"`;
});
afterAll(() => server.close());

const initialize = () =>
  rpc('initialize', { protocolVersion: latestProtocol, capabilities: {}, clientInfo: { name: 'test', version: '1' } });

describe('401 for a missing, unknown, expired or revoked token (spec 5.4)', () => {
  async function expectUnauthorized(response: Response) {
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(challenge);
    expect(await readJson(response)).toEqual({ error: 'unauthorized' });
  }

  it('refuses a POST without a token', async () => {
    await expectUnauthorized(await postMcp(server, initialize()));
  });

  it('refuses an unauthenticated GET with 401 before any routing', async () => {
    await expectUnauthorized(await fetch(`${server.baseUrl}/`));
  });

  it('refuses a token it never issued', async () => {
    await expectUnauthorized(await postMcp(server, initialize(), { token: 'not-a-real-token' }));
  });

  it('refuses a token that is not a bearer token', async () => {
    await expectUnauthorized(await postMcp(server, initialize(), { headers: { authorization: `Basic ${alice}` } }));
  });

  it('refuses an expired token', async () => {
    const shortLived = await tokenFor(server, 'bob@example.com', 'mcp_customer', 1000);
    expect((await postMcp(server, rpc('ping'), { token: shortLived })).status).toBe(200);
    server.clock.advance(1000);
    try {
      await expectUnauthorized(await postMcp(server, rpc('ping'), { token: shortLived }));
    } finally {
      server.clock.advance(-1000);
    }
  });

  it('refuses a token on the very next request after the person disconnects its client', async () => {
    const token = await tokenFor(server, 'dave@example.com');
    expect((await postMcp(server, rpc('ping'), { token })).status).toBe(200);
    const dave = (await server.store.findUserByEmail('dave@example.com'))!;
    for (const app of await server.store.listConnectedApps(dave.id)) {
      await server.store.revokeClientForUser(dave.id, app.clientId, server.clock.now());
    }
    await expectUnauthorized(await postMcp(server, rpc('ping'), { token }));
  });

  it('refuses the token of a person whose account was disabled', async () => {
    const token = await tokenFor(server, 'erin@example.com');
    const erin = (await server.store.findUserByEmail('erin@example.com'))!;
    await server.store.setUserDisabled(erin.id, true);
    try {
      await expectUnauthorized(await postMcp(server, rpc('ping'), { token }));
    } finally {
      await server.store.setUserDisabled(erin.id, false);
    }
  });
});

describe('403 for a valid token of another service (spec 5.1)', () => {
  it('answers insufficient_scope for a token without mcp_customer', async () => {
    const reporting = await tokenFor(server, 'alice@example.com', 'reporting');
    const response = await postMcp(server, initialize(), { token: reporting });
    expect(response.status).toBe(403);
    expect(await readJson(response)).toEqual({ error: 'insufficient_scope' });
    expect(response.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });
});

describe('JSON-RPC over stateless Streamable HTTP', () => {
  it('initializes with the protocol version the client asked for and names the server', async () => {
    const response = await postMcp(server, initialize(), { token: alice });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    const body = await readJson(response);
    expect(body.result.protocolVersion).toBe(latestProtocol);
    expect(body.result.serverInfo.name).toBe('survey-mcp');
    expect(body.result.capabilities.tools).toBeDefined();
  });

  it('falls back to its latest protocol version for one it does not know', async () => {
    const body = await readJson(await postMcp(server, rpc('initialize', { protocolVersion: '1999-01-01', capabilities: {}, clientInfo: { name: 't', version: '1' } }), { token: alice }));
    expect(body.result.protocolVersion).toBe(latestProtocol);
  });

  it('lists the fourteen survey tools without any initialize first', async () => {
    const body = await readJson(await postMcp(server, rpc('tools/list'), { token: alice }));
    expect(body.result.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(
      [
        'add_question', 'create_survey', 'delete_question', 'get_me', 'get_response', 'get_survey', 'get_survey_results',
        'list_audit_events', 'list_responses', 'list_surveys', 'set_survey_status', 'share_survey', 'update_question', 'update_survey',
      ].sort(),
    );
  });

  it('answers an unknown method with HTTP 200 and -32601', async () => {
    const request = rpc('server/discover');
    const response = await postMcp(server, request, { token: alice });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({ jsonrpc: '2.0', id: request.id, error: { code: -32601 } });
  });

  it('answers the GET that would open a notification stream with 404 and Method not found (spec 4.1 rule 1)', async () => {
    const response = await fetch(`${server.baseUrl}/`, {
      headers: { authorization: `Bearer ${alice}`, accept: 'text/event-stream' },
    });
    expect(response.status).toBe(404);
    const body = await readJson(response);
    expect(body.error.code).toBe(-32601);
    expect(body.error.message).toMatch(/^Method not found/);
  });

  it('answers DELETE with 405 because there are no sessions to end', async () => {
    const response = await fetch(`${server.baseUrl}/`, { method: 'DELETE', headers: { authorization: `Bearer ${alice}` } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
  });

  it('accepts a POST of notifications only with 202 and no body', async () => {
    const response = await postMcp(server, { jsonrpc: '2.0', method: 'notifications/initialized' }, { token: alice });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
  });

  it('answers a batch in order, each under its own id', async () => {
    const first = rpc('ping');
    const second = rpc('tools/list');
    const body = await readJson(await postMcp(server, [first, second], { token: alice }));
    expect(body.map((answer: { id: number }) => answer.id)).toEqual([first.id, second.id]);
  });

  it('keeps two clients apart when they use the same request id at once', async () => {
    const bob = await tokenFor(server, 'bob@example.com');
    const call = (token: string) =>
      postMcp(server, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_me', arguments: {} } }, { token }).then(readJson);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call(i % 2 ? bob : alice)));
    answers.forEach((answer, i) => {
      expect(answer.id).toBe(1);
      expect(JSON.parse(answer.result.content[0].text).user.email).toBe(i % 2 ? 'bob@example.com' : 'alice@example.com');
    });
  });

  it('answers malformed JSON with a JSON-RPC parse error, not an HTML page', async () => {
    const response = await postMcp(server, '{"jsonrpc": "2.0", ', { token: alice });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await readJson(response)).error.code).toBe(-32700);
  });

  it('answers a body that is JSON but not JSON-RPC with -32600', async () => {
    const response = await postMcp(server, { hello: 'world' }, { token: alice });
    expect(response.status).toBe(400);
    expect((await readJson(response)).error.code).toBe(-32600);
  });

  it('refuses an oversized body with a clear 413', async () => {
    const response = await postMcp(server, rpc('ping', { padding: 'x'.repeat(1_100_000) }), { token: alice });
    expect(response.status).toBe(413);
    expect((await readJson(response)).error.message).toMatch(/at most 1048576 bytes/);
  });

  it('refuses a body that is not declared as JSON with 415', async () => {
    const response = await postMcp(server, JSON.stringify(rpc('ping')), { token: alice, headers: { 'content-type': 'text/plain' } });
    expect(response.status).toBe(415);
  });

  it('refuses an unsupported MCP-Protocol-Version with 400 and names the supported ones', async () => {
    const response = await postMcp(server, rpc('tools/list'), { token: alice, headers: { 'mcp-protocol-version': '2099-01-01' } });
    expect(response.status).toBe(400);
    expect((await readJson(response)).error.message).toContain(latestProtocol);
  });

  it('accepts every supported MCP-Protocol-Version header', async () => {
    for (const version of ['2025-11-25', '2025-06-18', '2025-03-26']) {
      const request = rpc('ping');
      const response = await postMcp(server, request, { token: alice, headers: { 'mcp-protocol-version': version } });
      expect(response.status).toBe(200);
      // A JSON-RPC error comes with 200 too: the answer must be ping's result.
      expect(await readJson(response), version).toEqual({ jsonrpc: '2.0', id: request.id, result: {} });
    }
  });
});

describe('browser origins (DNS rebinding)', () => {
  it('refuses a request from a foreign Origin with 403 and says how to allow it', async () => {
    const response = await postMcp(server, rpc('ping'), { token: alice, headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect((await readJson(response)).error_description).toContain('--allowed-origin https://evil.example');
  });

  it('accepts a loopback Origin such as the MCP Inspector on localhost', async () => {
    const request = rpc('ping');
    const response = await postMcp(server, request, { token: alice, headers: { origin: 'http://localhost:6274' } });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ jsonrpc: '2.0', id: request.id, result: {} });
  });

  it('answers a CORS preflight before any bearer check and exposes the headers clients read', async () => {
    const response = await fetch(`${server.baseUrl}/`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:6274', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, mcp-protocol-version' },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBeTruthy();
    const exposed = (await postMcp(server, rpc('ping'), { headers: { origin: 'http://localhost:6274' } })).headers.get('access-control-expose-headers') ?? '';
    expect(exposed.toLowerCase()).toContain('www-authenticate');
  });
});

describe('one shared server, many people', () => {
  it('drops client notifications, so a cancellation cannot reach another request and every request is answered', async () => {
    const call = rpc('tools/call', { name: 'get_me', arguments: {} });
    const cancels = Array.from({ length: 50 }, (_, n) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: n + 1 } }));
    const response = await postMcp(server, [call, ...cancels], { token: alice });
    expect(response.status).toBe(200);
    const answers = (await response.json()) as Array<{ id: number; result?: unknown }>;
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ id: call.id, result: expect.anything() });
  });

  it('answers a tools/call without a tool name, or with arguments that are not an object, with -32602', async () => {
    for (const params of [{ arguments: {} }, { name: 'get_me', arguments: ['x'] }, { name: 'get_me', arguments: 'x' }]) {
      const request = rpc('tools/call', params);
      const response = await postMcp(server, request, { token: alice });
      expect(response.status).toBe(200);
      expect(await readJson(response)).toEqual({
        jsonrpc: '2.0',
        id: request.id,
        error: { code: -32602, message: 'Invalid params: tools/call needs params.name (a string) and params.arguments (an object, if given)' },
      });
    }
  });
});
