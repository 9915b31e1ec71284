import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpDispatcher, type McpDispatcher } from '../../src/mcp/server.js';
import { createPlatform, type Platform } from '../../src/platform/index.js';
import { createTestUser, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let dispatcher: McpDispatcher;
let userId: string;
const order: string[] = [];
/** Runs as each call of a batch reaches the platform. */
let onCall = () => {};

beforeAll(async () => {
  server = await startTestServer();
  userId = (await createTestUser(server)).id;
  const platform = createPlatform({ store: server.store, clock: server.clock });
  // Notes when each call of the batch reaches the platform.
  const watched = new Proxy(platform, {
    get: (target, key, receiver) => (key === 'getMe' ? (id: string) => (order.push('call'), onCall(), target.getMe(id)) : Reflect.get(target, key, receiver)),
  }) as Platform;
  dispatcher = await createMcpDispatcher(watched);
});
afterAll(async () => {
  await dispatcher.close();
  await server.close();
});

describe('a JSON-RPC batch (legacy era)', () => {
  it("runs its calls one after another and lets other work in between, so it holds no one else's request for long", async () => {
    const calls = [1, 2, 3].map((id) => ({ jsonrpc: '2.0' as const, id, method: 'tools/call', params: { name: 'get_me', arguments: {} } }));
    const extra = { authInfo: { token: 't', clientId: 'c', scopes: ['mcp_customer'], extra: { userId } } };
    const answering = dispatcher.handle(calls, extra);
    setImmediate(() => order.push('someone else'));
    const answers = await answering;
    expect(answers.map((answer) => ('id' in answer ? answer.id : undefined))).toEqual([1, 2, 3]);
    expect(order.indexOf('someone else')).toBeGreaterThan(0);
    expect(order.indexOf('someone else')).toBeLessThan(order.length - 1);
  });

  it('runs no further call once its client has gone: the call running finishes, the rest never start', async () => {
    const calls = [1, 2, 3].map((id) => ({ jsonrpc: '2.0' as const, id, method: 'tools/call', params: { name: 'get_me', arguments: {} } }));
    const extra = { authInfo: { token: 't', clientId: 'c', scopes: ['mcp_customer'], extra: { userId } } };
    const gone = new AbortController();
    order.length = 0;
    onCall = () => gone.abort();
    const answers = await dispatcher.handle(calls, extra, gone.signal);
    onCall = () => {};
    expect(order).toEqual(['call']);
    expect(answers).toHaveLength(1);
  });
});
