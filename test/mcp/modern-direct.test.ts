/**
 * The dispatcher answers the plain shape of a 2026-07-28 tools/call, tools/list, resources/read
 * and server/discover itself instead of through the SDK 2.x server (src/mcp/modern-direct.ts).
 * Its answers must be the server's byte for byte: each request is answered by a dispatcher with
 * the direct path and by one without (`modernDirect: false`), the platform replaying to the
 * second exactly what it gave the first. Over HTTP, the same for the envelope and header
 * refusals and every shape that is not plain: status, content type and body.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BearerAuth } from '../../src/http/mcp/bearer-check.js';
import { mcpPost } from '../../src/http/mcp/post.js';
import { rpcAnswerText } from '../../src/mcp/answer-cache.js';
import { RESULTS_VIEW_URI } from '../../src/mcp/results-app/resource.js';
import type { McpDispatcher } from '../../src/mcp/server.js';
import { surveyTools } from '../../src/mcp/tools/index.js';
import { StoreUnavailableError } from '../../src/store/errors.js';
import { replaying } from '../helpers/replaying-platform.js';
import { bothWays as answeredBothWays, pair } from '../helpers/both-paths.js';
import { toolCases, type Person } from '../helpers/tool-cases.js';
import { fixture, id, type Fixture } from '../platform/fixture.js';

const revision = '2026-07-28';
const envelope = { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientCapabilities': {} };

let f: Fixture;
let draftQuestion: string;
let platform: ReturnType<typeof replaying>;
let direct: McpDispatcher;
let server: McpDispatcher;

beforeAll(async () => {
  f = await fixture();
  const draft = await f.platform.createSurvey(id('owner'), { workspace_id: 'wsp_a', title: 'Draft', questions: [{ type: 'short_text', text: 'Gone?' }] });
  draftQuestion = draft.questions[0]!.id;
  platform = replaying(f.platform);
  [direct, server] = await pair(platform.proxy, { logError: () => undefined });
});
afterAll(async () => {
  await direct.close();
  await server.close();
});

const authOf = (person: Person): AuthInfo => ({ token: 't', clientId: 'c', scopes: ['mcp_customer'], extra: { userId: id(person) } });

let nextId = 1;
const modern = (method: string, params: Record<string, unknown> = {}, meta: Record<string, unknown> = envelope, requestId: string | number = nextId++): JSONRPCRequest =>
  ({ jsonrpc: '2.0', id: requestId, method, params: { ...params, _meta: meta } }) as JSONRPCRequest;

const call = (name: string, args?: unknown, meta?: Record<string, unknown>, requestId?: string | number): JSONRPCRequest =>
  modern('tools/call', args === undefined ? { name } : { name, arguments: args }, meta, requestId);

/** Both ways, the platform replaying the first to the second (helpers/both-paths.ts). */
const bothWays = (request: JSONRPCRequest, auth: AuthInfo, dispatchers: [McpDispatcher, McpDispatcher] = [direct, server]) =>
  answeredBothWays(platform, dispatchers, request, auth);

describe('a plain 2026-07-28 request answered without the SDK 2.x server', () => {
  it('calls every tool, success or failure, as every role, byte for byte as the server answers', async () => {
    const cases = toolCases(f, draftQuestion);
    const named = new Set(cases.map(([name]) => name));
    for (const tool of surveyTools) expect(named, `no case calls ${tool.name}`).toContain(tool.name);
    for (const [name, args, person] of cases) {
      const { direct: text, server: expected, answer } = await bothWays(call(name, args), authOf(person));
      expect(text, `${name} ${JSON.stringify(args)} as ${person}`).toBe(expected);
      expect(answer.result?.resultType, name).toBe('complete');
    }
  });

  it('answers tools/list (to a host that offers MCP Apps and to one that does not), server/discover and resources/read (the view, and a URI it does not have) as the server does', async () => {
    const appHost = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
    const requests = [
      modern('tools/list'),
      modern('tools/list', {}, { ...envelope, 'io.modelcontextprotocol/clientCapabilities': appHost }),
      modern('server/discover'),
      modern('resources/read', { uri: RESULTS_VIEW_URI }),
      modern('resources/read', { uri: 'ui://survey-mcp/missing.html' }),
    ];
    for (const request of requests) {
      // Twice: the second answer of a constant result is the one built and serialised once.
      for (const round of [1, 2]) {
        const { direct: text, server: expected } = await bothWays({ ...request, id: `r${round}` }, authOf('viewer'));
        expect(text, `${request.method} ${round}`).toBe(expected);
      }
    }
    // The two lists differ in the view alone, so each path told the hosts apart.
    expect((await bothWays(requests[0]!, authOf('viewer'))).direct).not.toContain(RESULTS_VIEW_URI);
    expect((await bothWays(requests[1]!, authOf('viewer'))).direct).toContain(RESULTS_VIEW_URI);
  });

  it('answers tools/list with malformed capabilities alike on both paths: the view offered only by a list holding its type, never a 500 or -32603', async () => {
    const ui = (value: unknown) => ({ extensions: { 'io.modelcontextprotocol/ui': value } });
    const shapes = [
      ui({ mimeTypes: {} }),
      ui({ mimeTypes: 'text/html;profile=mcp-app' }),
      ui({ mimeTypes: [1, null, {}] }),
      ui({ mimeTypes: null }),
      ui({}),
      ui(null),
      ui('text/html;profile=mcp-app'),
      ui([]),
      { extensions: 'x' },
      { extensions: [] },
      { extensions: null },
    ];
    for (const capabilities of shapes) {
      const request = modern('tools/list', {}, { ...envelope, 'io.modelcontextprotocol/clientCapabilities': capabilities });
      const { direct: text, server: expected, answer } = await bothWays(request, authOf('viewer'));
      expect(text, JSON.stringify(capabilities)).toBe(expected);
      if ('error' in answer) expect(answer.error.code, JSON.stringify(capabilities)).toBe(-32602);
      else expect(text, JSON.stringify(capabilities)).not.toContain(RESULTS_VIEW_URI);
    }
  });

  it('keeps the caller\'s id, a string as a number', async () => {
    for (const requestId of ['req-1', 0, 9_007_199_254_740_991]) {
      const { direct: text, server: expected, answer } = await bothWays(call('get_me', {}, envelope, requestId), authOf('owner'));
      expect(text).toBe(expected);
      expect(answer.id).toBe(requestId);
    }
  });

  it('takes the envelopes clients send: a name and version, a title, the capabilities the SDK knows and ones it does not', async () => {
    const capabilities = [
      {},
      { roots: { listChanged: true } },
      { elicitation: {} },
      { elicitation: { form: { applyDefaults: true }, url: {} } },
      { sampling: { context: {}, tools: {} } },
      { experimental: { feature: { on: true } }, extensions: { 'example.com/x': {} } },
      { somethingNew: { x: 1 } },
    ];
    for (const capability of capabilities) {
      for (const clientInfo of [undefined, { name: 'client', version: '2.4.0' }, { name: 'client', version: '1', title: 'A client' }]) {
        const meta = { ...envelope, 'io.modelcontextprotocol/clientCapabilities': capability, ...(clientInfo && { 'io.modelcontextprotocol/clientInfo': clientInfo }) };
        const { direct: text, server: expected } = await bothWays(call('get_me', {}, meta), authOf('member'));
        expect(text, JSON.stringify(meta)).toBe(expected);
      }
    }
  });

  it('leaves every other shape to the server, which answers it as before: bad envelopes, other params, other methods', async () => {
    const badEnvelopes: Array<Record<string, unknown>> = [
      { 'io.modelcontextprotocol/protocolVersion': revision },
      { ...envelope, 'io.modelcontextprotocol/clientCapabilities': { roots: { listChanged: 'yes' } } },
      { ...envelope, 'io.modelcontextprotocol/clientCapabilities': { sampling: 1 } },
      { ...envelope, 'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: { applyDefaults: 'no' } } } },
      { ...envelope, 'io.modelcontextprotocol/clientInfo': { name: 'no version' } },
      { ...envelope, 'io.modelcontextprotocol/logLevel': 'debug' },
      { ...envelope, progressToken: 5 },
      { ...envelope, 'example.com/trace': 'abc' },
    ];
    for (const meta of badEnvelopes) {
      const { direct: text, server: expected } = await bothWays(call('get_me', {}, meta), authOf('owner'));
      expect(text, JSON.stringify(meta)).toBe(expected);
    }
    const others = [
      modern('tools/list', { cursor: 'abc' }),
      modern('resources/list'),
      modern('resources/read', { uri: 5 }),
      modern('tools/call', { name: 'get_me', arguments: {}, task: {} }),
      modern('tools/call', { name: 'get_me', arguments: JSON.parse('{"__proto__": {"x": 1}}') }),
      modern('prompts/list'),
      modern('ping'),
      { ...modern('server/discover'), id: 1.5 } as JSONRPCRequest,
    ];
    for (const request of others) {
      const { direct: text, server: expected } = await bothWays(request, authOf('owner'));
      expect(text, JSON.stringify(request)).toBe(expected);
    }
  });

  it('answers a kept get_survey from its kept text, equal to the server\'s serialising of it', async () => {
    let stamp = 1;
    const [cached, uncached] = await pair(platform.proxy, { changeStamp: () => stamp });
    try {
      const request = call('get_survey', { survey_id: f.surveyId });
      for (const round of [1, 2, 3]) {
        const { direct: text, server: expected } = await bothWays({ ...request, id: round }, authOf('owner'), [cached, uncached]);
        expect(text, `round ${round}`).toBe(expected);
        if (round === 2) stamp += 1;
      }
    } finally {
      await cached.close();
      await uncached.close();
    }
  });

  it('answers an internal failure as the server does: the same error text, only the quoted reference differs', async () => {
    const [failing, failingServer] = await pair(
      new Proxy(f.platform, { get: (target, key) => (key === 'getMe' ? () => Promise.reject(new Error('disk on fire')) : Reflect.get(target, key)) }),
      { logError: () => undefined },
    );
    try {
      const request = call('get_me', {});
      const first = await failing.handleModern(request, authOf('owner'));
      const second = await failingServer.handleModern(request, authOf('owner'));
      const reference = /reference [0-9a-f-]{36}/g;
      expect(rpcAnswerText(first.message).replace(reference, 'reference R')).toBe(JSON.stringify(second.message).replace(reference, 'reference R'));
      expect(rpcAnswerText(first.message)).toContain('internal error while running get_me');
    } finally {
      await failing.close();
      await failingServer.close();
    }
  });

  it('answers a throw outside the tools with the server\'s JSON-RPC error: its code and data, or -32603', async () => {
    const throws = [new TypeError('The database connection is not open'), Object.assign(new Error('with code'), { code: -32001, data: { x: 1 } }), Object.assign(new Error('odd code'), { code: 'EIO', data: 5 }), 'a string'];
    for (const thrown of throws) {
      const [broken, brokenServer] = await pair(f.platform, {
        changeStamp: () => {
          throw thrown;
        },
      });
      try {
        const request = call('get_survey', { survey_id: f.surveyId });
        const first = await broken.handleModern(request, authOf('owner'));
        const second = await brokenServer.handleModern(request, authOf('owner'));
        expect(rpcAnswerText(first.message), String(thrown)).toBe(JSON.stringify(second.message));
        expect(first.message).toMatchObject({ error: { code: expect.any(Number) } });
      } finally {
        await broken.close();
        await brokenServer.close();
      }
    }
  });

  it('hands a store outage over as the error itself, as the server path does', async () => {
    const [gone, goneServer] = await pair(new Proxy(f.platform, { get: () => () => Promise.reject(new StoreUnavailableError('store unavailable')) }));
    try {
      await expect(gone.handleModern(call('get_me', {}), authOf('owner'))).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(goneServer.handleModern(call('get_me', {}), authOf('owner'))).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await gone.close();
      await goneServer.close();
    }
  });
});

describe('over HTTP, with and without the direct path', () => {
  let servers: Server[] = [];
  let urls: string[] = [];
  let httpPair: McpDispatcher[] = [];
  const auth: BearerAuth = { userId: id('owner'), authInfo: authOf('owner') };

  beforeAll(async () => {
    httpPair = await pair(f.platform);
    servers = httpPair.map((dispatcher) => {
      const answerPost = mcpPost(dispatcher, 1024 * 1024);
      return createServer((req, res) => void answerPost(req, res, auth, { gone: new AbortController().signal }));
    });
    urls = await Promise.all(
      servers.map(
        (listening) =>
          new Promise<string>((resolve) => listening.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(listening.address() as AddressInfo).port}/`))),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all(servers.map((listening) => new Promise((resolve) => listening.close(resolve))));
    await Promise.all(httpPair.map((dispatcher) => dispatcher.close()));
  });

  const headersOf = (request: JSONRPCRequest): Record<string, string> => {
    const params = request.params as Record<string, unknown>;
    const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
    return { 'mcp-protocol-version': revision, 'mcp-method': request.method, ...(name === undefined ? {} : { 'mcp-name': name }) };
  };

  async function post(url: string, body: unknown, headers: Record<string, string>) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
  }

  it('answers plain requests and every envelope and header refusal with the same status, type and bytes', async () => {
    const getMe = call('get_me', {});
    const cases: Array<[string, unknown, Record<string, string>]> = [
      ['tools/call', getMe, headersOf(getMe)],
      ['tools/call, a tool error', call('get_survey', { survey_id: 'srv_nope' }), headersOf(call('get_survey'))],
      ['tools/list', modern('tools/list'), headersOf(modern('tools/list'))],
      ['server/discover', modern('server/discover'), headersOf(modern('server/discover'))],
      ['resources/read', modern('resources/read', { uri: RESULTS_VIEW_URI }), headersOf(modern('resources/read', { uri: RESULTS_VIEW_URI }))],
      ['resources/read, unknown', modern('resources/read', { uri: 'ui://x' }), { ...headersOf(getMe), 'mcp-method': 'resources/read', 'mcp-name': 'ui://x' }],
      ['Mcp-Name trimmed', getMe, { ...headersOf(getMe), 'mcp-name': '  get_me\t' }],
      ['Mcp-Name in Base64', getMe, { ...headersOf(getMe), 'mcp-name': `=?base64?${Buffer.from('get_me').toString('base64')}?=` }],
      ['Mcp-Name of another tool', getMe, { ...headersOf(getMe), 'mcp-name': 'list_surveys' }],
      ['Mcp-Name missing', getMe, { 'mcp-protocol-version': revision, 'mcp-method': 'tools/call' }],
      ['Mcp-Name a bad sentinel', getMe, { ...headersOf(getMe), 'mcp-name': '=?base64?***?=' }],
      ['Mcp-Method missing', getMe, { 'mcp-protocol-version': revision, 'mcp-name': 'get_me' }],
      ['Mcp-Method another method', getMe, { ...headersOf(getMe), 'mcp-method': 'tools/list' }],
      ['MCP-Protocol-Version missing', getMe, { 'mcp-method': 'tools/call', 'mcp-name': 'get_me' }],
      ['MCP-Protocol-Version another', getMe, { ...headersOf(getMe), 'mcp-protocol-version': '2025-11-25' }],
      ['an unsupported version', call('get_me', {}, { ...envelope, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' }), { ...headersOf(getMe), 'mcp-protocol-version': '2099-01-01' }],
      ['no clientCapabilities', call('get_me', {}, { 'io.modelcontextprotocol/protocolVersion': revision }), headersOf(getMe)],
      ['bad clientCapabilities', call('get_me', {}, { ...envelope, 'io.modelcontextprotocol/clientCapabilities': { roots: { listChanged: 1 } } }), headersOf(getMe)],
      ['no envelope', { jsonrpc: '2.0', id: 3, method: 'tools/list' }, { 'mcp-protocol-version': revision, 'mcp-method': 'tools/list' }],
      ['a malformed tools/call', modern('tools/call', { arguments: {} }), { ...headersOf(getMe), 'mcp-name': 'x' }],
      ['an unknown method', modern('prompts/list'), headersOf(modern('prompts/list'))],
      ['subscriptions/listen', modern('subscriptions/listen', { notifications: {} }), headersOf(modern('subscriptions/listen'))],
      ['a batch', [getMe], headersOf(getMe)],
      ['a notification', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, _meta: envelope } }, { 'mcp-protocol-version': revision, 'mcp-method': 'notifications/cancelled' }],
    ];
    for (const [name, body, headers] of cases) {
      const [withDirect, withoutDirect] = await Promise.all(urls.map((url) => post(url, body, headers)));
      expect(withDirect, name).toEqual(withoutDirect);
    }
  });
});
