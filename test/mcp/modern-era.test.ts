import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_VIEW_URI } from '../../src/mcp/results-app/resource.js';
import { readJson, startTestServer, type TestServer } from '../helpers/server.js';
import { postMcp, rpc, tokenFor } from '../helpers/mcp.js';

const revision = '2026-07-28';
const envelope = { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientCapabilities': {} };
/** The client capabilities of a host that renders MCP Apps (ext-apps "Client<>Server Capability Negotiation"). */
const appHost = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
const serverInfo = { 'io.modelcontextprotocol/serverInfo': { name: 'survey-mcp', title: 'Survey MCP', version: expect.any(String) } };

let server: TestServer;
let alice: string;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: true });
  alice = await tokenFor(server, 'alice@example.com');
});
afterAll(() => server.close());

/** A 2026-07-28 request with its envelope and the headers the revision requires. */
function modern(method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const request = rpc(method, { ...params, _meta: { ...envelope, ...(params._meta as object) } });
  const name: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  return { request, send: () => postMcp(server, request, { token: alice, headers: { 'mcp-protocol-version': revision, 'mcp-method': method, ...name, ...headers } }) };
}

describe('2026-07-28 requests beside 2025-11-25 ones on one endpoint', () => {
  it('answers server/discover with the revision, the tools and resources capabilities and the Skills extension, its identity, instructions and cache hints', async () => {
    const { request, send } = modern('server/discover');
    const response = await send();
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({
      jsonrpc: '2.0',
      id: request.id,
      result: {
        resultType: 'complete',
        supportedVersions: [revision],
        capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, extensions: { 'io.modelcontextprotocol/skills': {} } },
        instructions: expect.stringContaining('get_survey_results'),
        ttlMs: 3_600_000,
        cacheScope: 'public',
        _meta: serverInfo,
      },
    });
  });

  it('reads the results view with a day of public cache hints, and names an unknown resource in a -32602 carrying its uri', async () => {
    const { send } = modern('resources/read', { uri: RESULTS_VIEW_URI }, { 'mcp-name': RESULTS_VIEW_URI });
    const answer = await readJson(await send());
    expect(answer.result).toMatchObject({ resultType: 'complete', ttlMs: 86_400_000, cacheScope: 'public' });
    expect(answer.result.contents).toEqual([expect.objectContaining({ uri: RESULTS_VIEW_URI, mimeType: 'text/html;profile=mcp-app' })]);
    const unknown = 'ui://survey-mcp/missing.html';
    const missing = await readJson(await modern('resources/read', { uri: unknown }, { 'mcp-name': unknown }).send());
    expect(missing.error).toMatchObject({ code: -32602, data: { uri: unknown } });
  });

  it('lists the same tools in the same order as the legacy era to a host that offers MCP Apps, with resultType and public cache hints', async () => {
    const legacy = (await readJson(await postMcp(server, rpc('tools/list'), { token: alice }))) as { result: { tools: unknown[] } };
    const response = await modern('tools/list', { _meta: { 'io.modelcontextprotocol/clientCapabilities': appHost } }).send();
    const body = (await readJson(response)) as { result: Record<string, unknown> };
    expect(response.status).toBe(200);
    expect(body.result).toEqual({ tools: legacy.result.tools, resultType: 'complete', ttlMs: 3_600_000, cacheScope: 'public', _meta: serverInfo });
  });

  it('names the results view only to a client that offers MCP Apps with its type: the same tools, without _meta.ui, to the others', async () => {
    const legacy = (await readJson(await postMcp(server, rpc('tools/list'), { token: alice }))) as { result: { tools: Array<Record<string, unknown>> } };
    const otherType = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html'] } } };
    for (const capabilities of [{}, otherType]) {
      const body = (await readJson(await modern('tools/list', { _meta: { 'io.modelcontextprotocol/clientCapabilities': capabilities } }).send())) as {
        result: { tools: Array<Record<string, unknown>> };
      };
      expect(body.result.tools.map((tool) => tool['name'])).toEqual(legacy.result.tools.map((tool) => tool['name']));
      expect(body.result.tools.filter((tool) => '_meta' in tool)).toEqual([]);
      const withView = legacy.result.tools.find((tool) => tool['name'] === 'get_survey_results')!;
      expect(body.result.tools.find((tool) => tool['name'] === 'get_survey_results')).toEqual(
        Object.fromEntries(Object.entries(withView).filter(([key]) => key !== '_meta')),
      );
    }
  });

  it('calls a tool for the token\'s person, and answers a tool error inside a 200', async () => {
    const me = (await readJson(await modern('tools/call', { name: 'get_me', arguments: {} }).send())) as { result: Record<string, any> };
    expect(me.result).toMatchObject({ resultType: 'complete', _meta: serverInfo, structuredContent: { user: { email: 'alice@example.com' } } });
    const missing = await modern('tools/call', { name: 'get_survey', arguments: { survey_id: 'srv_nope' } }).send();
    expect(missing.status).toBe(200);
    const body = (await readJson(missing)) as { result: { isError: boolean; content: Array<{ text: string }> } };
    expect(body.result.isError).toBe(true);
    expect(JSON.parse(body.result.content[0]!.text)).toEqual({ error: expect.stringContaining("survey 'srv_nope' not found") });
  });

  it('accepts an Mcp-Name with surrounding whitespace or Base64-encoded, and refuses one naming another tool with 400 and -32020', async () => {
    for (const name of ['  get_me\t', `=?base64?${Buffer.from('get_me').toString('base64')}?=`]) {
      expect((await modern('tools/call', { name: 'get_me', arguments: {} }, { 'mcp-name': name }).send()).status).toBe(200);
    }
    const { request, send } = modern('tools/call', { name: 'get_me', arguments: {} }, { 'mcp-name': 'list_surveys' });
    const response = await send();
    expect(response.status).toBe(400);
    expect(await readJson(response)).toMatchObject({ id: request.id, error: { code: -32020, message: expect.stringContaining("names 'list_surveys'") } });
  });

  it('refuses a request without Mcp-Method, or whose Mcp-Method disagrees with the body, with 400 and -32020', async () => {
    const absent = modern('tools/list');
    const response = await postMcp(server, absent.request, { token: alice, headers: { 'mcp-protocol-version': revision } });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toMatchObject({ id: absent.request.id, error: { code: -32020 } });
    const wrong = await modern('tools/list', {}, { 'mcp-method': 'tools/call' }).send();
    expect(wrong.status).toBe(400);
    expect(await readJson(wrong)).toMatchObject({ error: { code: -32020 } });
  });

  it('refuses an envelope without clientCapabilities, and a modern header without any envelope, with 400 and -32602', async () => {
    const partial = rpc('tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': revision } });
    const headers = { 'mcp-protocol-version': revision, 'mcp-method': 'tools/list' };
    for (const request of [partial, rpc('tools/list')]) {
      const response = await postMcp(server, request, { token: alice, headers });
      expect(response.status).toBe(400);
      expect(await readJson(response)).toMatchObject({ id: request.id, error: { code: -32602 } });
    }
  });

  it('refuses a version it does not speak with 400 and -32022, naming the supported and the requested one', async () => {
    const { request, send } = modern('tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } }, { 'mcp-protocol-version': '2099-01-01' });
    const response = await send();
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({
      jsonrpc: '2.0',
      id: request.id,
      error: { code: -32022, message: 'Unsupported protocol version', data: { supported: [revision], requested: '2099-01-01' } },
    });
  });

  it('answers a method it does not offer, subscriptions/listen included, with 404 and -32601 under the request id', async () => {
    for (const method of ['ping', 'initialize', 'prompts/list', 'subscriptions/listen']) {
      const { request, send } = modern(method, method === 'subscriptions/listen' ? { notifications: { toolsListChanged: true } } : {});
      const response = await send();
      expect(response.status, method).toBe(404);
      expect(await readJson(response)).toMatchObject({ jsonrpc: '2.0', id: request.id, error: { code: -32601 } });
    }
  });

  it('refuses a malformed tools/call with a tidy -32602, not a schema dump', async () => {
    const { request, send } = modern('tools/call', { arguments: {} }, { 'mcp-name': 'x' });
    const response = await send();
    expect(await readJson(response)).toEqual({
      jsonrpc: '2.0',
      id: request.id,
      error: { code: -32602, message: 'Invalid params: tools/call needs params.name (a string) and params.arguments (an object, if given)' },
    });
  });

  it('applies the same bearer rules to modern requests: 401 without a token', async () => {
    const { request } = modern('server/discover');
    const response = await postMcp(server, request, { headers: { 'mcp-protocol-version': revision, 'mcp-method': 'server/discover' } });
    expect(response.status).toBe(401);
    expect(await readJson(response)).toEqual({ error: 'unauthorized' });
  });

  it('refuses a request whose id is a number but no integer with 400 and -32600, as the SDK would', async () => {
    const { request } = modern('tools/list');
    const response = await postMcp(server, { ...request, id: 1.5 }, { token: alice, headers: { 'mcp-protocol-version': revision, 'mcp-method': 'tools/list' } });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toMatchObject({ error: { code: -32600 } });
  });

  it('refuses a batch that carries a modern request', async () => {
    const response = await postMcp(server, [modern('tools/list').request], { token: alice });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toMatchObject({ error: { code: -32600 } });
  });
});

describe('initialize with bad params (legacy era)', () => {
  it('answers -32602 naming the first field to fix, not -32603 with a schema dump', async () => {
    const request = rpc('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x' } });
    const response = await postMcp(server, request, { token: alice });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({
      jsonrpc: '2.0',
      id: request.id,
      error: { code: -32602, message: 'Invalid params: initialize needs params.clientInfo.version (a string), got nothing' },
    });
  });
});
