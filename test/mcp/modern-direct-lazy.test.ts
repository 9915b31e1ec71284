/**
 * The SDK 2.x modules (~8 MB resident) load with the first 2026-07-28 request that needs them:
 * the plain requests the direct path answers (src/mcp/modern-direct.ts) never do.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { mcpPost } from '../../src/http/mcp/post.js';
import { RESULTS_VIEW_URI } from '../../src/mcp/results-app/resource.js';
import { createMcpDispatcher, type McpDispatcher } from '../../src/mcp/server.js';
import { fixture, id } from '../platform/fixture.js';

const sdk2 = vi.hoisted(() => ({ loads: 0 }));
vi.mock('@modelcontextprotocol/server', async (importOriginal) => {
  sdk2.loads += 1;
  return importOriginal();
});

const revision = '2026-07-28';
const envelope = { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientCapabilities': {} };
let dispatcher: McpDispatcher;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const f = await fixture();
  dispatcher = await createMcpDispatcher(f.platform);
  const answerPost = mcpPost(dispatcher, 1024 * 1024);
  const auth = { userId: id('owner'), authInfo: { token: 't', clientId: 'c', scopes: ['mcp_customer'], extra: { userId: id('owner') } } };
  const server = createServer((req, res) => void answerPost(req, res, auth, { gone: new AbortController().signal }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await close();
  await dispatcher.close();
});

async function send(method: string, params: Record<string, unknown>, name?: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'mcp-protocol-version': revision, 'mcp-method': method, ...(name && { 'mcp-name': name }) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: envelope } }),
  });
  await response.text();
  return response.status;
}

it('answers plain tools/call, tools/list, resources/read and server/discover without loading the SDK 2.x server, and loads it for another shape', async () => {
  expect(await send('tools/call', { name: 'get_me', arguments: {} }, 'get_me')).toBe(200);
  expect(await send('tools/list', {})).toBe(200);
  expect(await send('resources/read', { uri: RESULTS_VIEW_URI }, RESULTS_VIEW_URI)).toBe(200);
  expect(await send('server/discover', {})).toBe(200);
  expect(sdk2.loads).toBe(0);
  expect(await send('resources/list', {})).toBe(200);
  expect(sdk2.loads).toBe(1);
});
