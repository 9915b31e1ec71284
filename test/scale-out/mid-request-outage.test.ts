import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultMcpRateLimit } from '../../src/config.js';
import { errorResponder } from '../../src/http/middleware/errors.js';
import { mcpEndpoint } from '../../src/http/mcp/endpoint.js';
import { openSlidingLog } from '../../src/limits/open.js';
import type { SlidingLog } from '../../src/limits/limiter.js';
import { storeUnavailableCode, type McpDispatcher } from '../../src/mcp/server.js';
import { rpc, tokenFor, postMcp } from '../helpers/mcp.js';
import { createTestUser, readJson, startTestServer, type TestServer } from '../helpers/server.js';

// The token check passed, then the store went away while the tool ran: the dispatcher answers
// with the code the tool registry gives a StoreUnavailableError.
const storeGone = { code: storeUnavailableCode, message: 'store unavailable: postgres://app:***@db.internal:5432/survey (ECONNRESET)' };
const storeGoneMidRequest: McpDispatcher = {
  handle: async (messages) =>
    messages.map((message) => ({
      jsonrpc: '2.0' as const,
      id: 'id' in message ? message.id : 0,
      error: storeGone,
    })),
  handleModern: async (request) => ({ message: { jsonrpc: '2.0', id: request.id, error: storeGone }, beforeHandler: false }),
  close: async () => {},
};

let server: TestServer;
let slidingLog: SlidingLog;
let endpoint: Server;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  await createTestUser(server);
  token = await tokenFor(server, 'alice@example.com');
  slidingLog = await openSlidingLog(':memory:');
  const app = express();
  app.use(
    mcpEndpoint({
      dispatcher: storeGoneMidRequest,
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
  await slidingLog?.close();
  await server?.close();
});

it('answers a tool call that meets a store outage like any other outage: 503, Retry-After, no store URL', async () => {
  const { port } = endpoint.address() as AddressInfo;
  const response = await postMcp({ ...server, baseUrl: `http://127.0.0.1:${port}` }, rpc('tools/call', { name: 'list_surveys', arguments: {} }), { token });
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(await readJson(response)).toEqual({ error: 'temporarily_unavailable', error_description: 'the store is unavailable; try again shortly' });
});
