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

  it('answers a read that would take its answers past 2 × 1 MiB with an error naming the bound, and the calls after it as usual', async () => {
    await server.store.insertWorkspace({ id: 'wsp_batch', name: 'Batch', createdAt: server.clock.now() });
    await server.store.setWorkspaceMember('wsp_batch', userId, 'admin');
    const platform = createPlatform({ store: server.store, clock: server.clock });
    const labels = (i: number) => Array.from({ length: 50 }, (_, c) => `q${i}c${c}`.padEnd(60, '.'));
    const questions = Array.from({ length: 120 }, (_, i) => ({ type: 'single_choice' as const, text: `Question ${i}`, choices: labels(i) }));
    const survey = await platform.createSurvey(userId, { workspace_id: 'wsp_batch', title: 'Large', questions });
    const call = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0' as const, id, method: 'tools/call', params: { name, arguments: args } });
    const large = { survey_id: survey.survey.id };
    const calls = [call(0, 'get_survey', large), call(1, 'get_survey', large), call(2, 'get_me', {}), call(3, 'get_survey', large)];
    const extra = { authInfo: { token: 't', clientId: 'c', scopes: ['mcp_customer'], extra: { userId } } };
    const answers = (await dispatcher.handle(calls, extra)) as unknown as Array<{ id: number; result: { isError?: boolean; content: Array<{ text: string }> } }>;
    expect(answers.map((answer) => [answer.id, answer.result.isError === true])).toEqual([[0, false], [1, true], [2, false], [3, true]]);
    expect(JSON.parse(answers[1]!.result.content[0]!.text)).toEqual({
      error: 'validation failed: the answer of get_survey would take the answers of this batch past the 2,097,152 characters they may hold: send it again in a request of its own',
    });
    expect(JSON.stringify(answers).length).toBeLessThanOrEqual(2 * 1024 * 1024);
  });
});
