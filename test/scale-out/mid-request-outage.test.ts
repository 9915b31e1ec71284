import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultMcpRateLimit } from '../../src/config.js';
import { errorResponder } from '../../src/http/middleware/errors.js';
import { mcpEndpoint } from '../../src/http/mcp/endpoint.js';
import { openSlidingLog } from '../../src/limits/open.js';
import type { SlidingLog } from '../../src/limits/limiter.js';
import { createMcpDispatcher, type McpDispatcher } from '../../src/mcp/server.js';
import { createPlatform } from '../../src/platform/index.js';
import { StoreUnavailableError } from '../../src/store/errors.js';
import type { Store } from '../../src/store/store.js';
import { rpc, tokenFor, postMcp } from '../helpers/mcp.js';
import { createTestUser, readJson, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The token check passed on the server's store, then the store went away while the tool ran:
 * every call the platform makes fails as a lost PostgreSQL connection does.
 */
function storeGoneMidRequest(store: Store): Store {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return () => Promise.reject(new StoreUnavailableError('store unavailable: postgres://app:***@db.internal:5432/survey (ECONNRESET)'));
    },
  });
}

let server: TestServer;
let dispatcher: McpDispatcher;
let slidingLog: SlidingLog;
let endpoint: Server;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  await createTestUser(server);
  token = await tokenFor(server, 'alice@example.com');
  slidingLog = await openSlidingLog(':memory:');
  dispatcher = await createMcpDispatcher(createPlatform({ store: storeGoneMidRequest(server.store), clock: server.clock }));
  const app = express();
  app.use(
    mcpEndpoint({
      dispatcher,
      store: server.store,
      slidingLog,
      clock: server.clock,
      baseUrl: server.baseUrl,
      authUrl: server.authUrl,
      rateRule: defaultMcpRateLimit,
      allowedOrigins: [],
    }),
  );
  app.use(errorResponder());
  endpoint = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
});

afterAll(async () => {
  await new Promise((resolve) => endpoint?.close(resolve));
  await dispatcher?.close();
  await slidingLog?.close();
  await server?.close();
});

const outage = { error: 'temporarily_unavailable', error_description: 'the store is unavailable; try again shortly' };

function postToEndpoint(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const { port } = endpoint.address() as AddressInfo;
  return postMcp({ ...server, baseUrl: `http://127.0.0.1:${port}` }, body, { token, headers });
}

it('answers a tool call that meets a store outage like any other outage: 503, Retry-After, no store URL', async () => {
  const response = await postToEndpoint(rpc('tools/call', { name: 'list_surveys', arguments: {} }));
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(await readJson(response)).toEqual(outage);
});

it('answers a batch in which one call meets a store outage with the one 503', async () => {
  const response = await postToEndpoint([rpc('tools/list'), rpc('tools/call', { name: 'get_me', arguments: {} })]);
  expect(response.status).toBe(503);
  expect(await readJson(response)).toEqual(outage);
});

it('answers a 2026-07-28 tool call that meets a store outage with the same 503', async () => {
  const revision = '2026-07-28';
  const request = rpc('tools/call', {
    name: 'get_me',
    arguments: {},
    _meta: { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientCapabilities': {} },
  });
  const response = await postToEndpoint(request, { 'mcp-protocol-version': revision, 'mcp-method': 'tools/call', 'mcp-name': 'get_me' });
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(await readJson(response)).toEqual(outage);
});

it('answers what needs no store while the store is away', async () => {
  const response = await postToEndpoint(rpc('tools/list'));
  expect(response.status).toBe(200);
  expect(((await readJson(response)) as { result: { tools: unknown[] } }).result.tools).toHaveLength(14);
});
