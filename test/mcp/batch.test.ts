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
    const answers = await dispatcher.handle(calls, extra, { gone: gone.signal });
    onCall = () => {};
    expect(order).toEqual(['call']);
    expect(answers).toHaveLength(1);
  });

  it('takes a turn for each further call (the in-flight limit counts calls), and answers a call that got none as not run', async () => {
    const calls = [1, 2, 3].map((id) => ({ jsonrpc: '2.0' as const, id, method: 'tools/call', params: { name: 'get_me', arguments: {} } }));
    const extra = { authInfo: { token: 't', clientId: 'c', scopes: ['mcp_customer'], extra: { userId } } };
    let turns = 0;
    const answers = await dispatcher.handle(calls, extra, { nextTurn: async () => ++turns < 2 });
    expect(turns).toBe(2);
    expect(answers.map((answer) => ('result' in answer ? 'ran' : 'error' in answer ? answer.error.message : '?'))).toEqual([
      'ran',
      'ran',
      'not run: no in-flight turn came for it; send it again in a request of its own',
    ]);
  });

  it('runs no further call once its answers reach the bound of a batch answer (2 × 1 MiB of text)', async () => {
    await server.store.insertWorkspace({ id: 'wsp_batch', name: 'Batch', createdAt: server.clock.now() });
    await server.store.setWorkspaceMember('wsp_batch', userId, 'admin');
    const platform = createPlatform({ store: server.store, clock: server.clock });
    const labels = (i: number) => Array.from({ length: 50 }, (_, c) => `q${i}c${c}`.padEnd(60, '.'));
    const questions = Array.from({ length: 120 }, (_, i) => ({ type: 'single_choice' as const, text: `Question ${i}`, choices: labels(i) }));
    const survey = await platform.createSurvey(userId, { workspace_id: 'wsp_batch', title: 'Large', questions });
    const calls = Array.from({ length: 10 }, (_, id) => ({ jsonrpc: '2.0' as const, id, method: 'tools/call', params: { name: 'get_survey', arguments: { survey_id: survey.survey.id } } }));
    const extra = { authInfo: { token: 't', clientId: 'c', scopes: ['mcp_customer'], extra: { userId } } };
    const answers = await dispatcher.handle(calls, extra);
    const ran = answers.filter((answer) => 'result' in answer).length;
    expect(ran).toBeGreaterThan(1);
    expect(ran).toBeLessThan(5);
    expect(answers).toHaveLength(10);
    expect(answers.at(-1)).toMatchObject({ id: 9, error: { code: -32603, message: expect.stringMatching(/^not run: the answers of this batch reached 2,097,152 characters/) } });
  });
});
