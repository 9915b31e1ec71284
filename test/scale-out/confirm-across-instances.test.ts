import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askingClient, questionIdsOf, scratchSurvey } from '../helpers/asking-client.js';
import { tokenFor } from '../helpers/mcp.js';
import { dropSchemas, postgresUrl, uniqueSchema } from '../helpers/postgres.js';
import { redisDatabase, testRedisUrl } from '../helpers/redis.js';
import { createTestUser, startTestServer, type TestServer } from '../helpers/server.js';

// Two instances of one deployment: one PostgreSQL schema, one Redis, nothing else in common.
const schema = uniqueSchema('confirm');
const shared = { db: postgresUrl(schema), rateStore: redisDatabase(testRedisUrl, 12), mcpRateLimit: { limit: 100_000, windowMs: 60_000 } };
let first: TestServer;
let second: TestServer;
let alice: string;

beforeAll(async () => {
  // A short deadline: an answer that never reaches the call fails the test in seconds.
  first = await startTestServer(shared, { elicitationDeadlineMs: 3000 });
  second = await startTestServer(shared, { elicitationDeadlineMs: 3000 });
  const owner = await createTestUser(first, 'alice@example.com', 'Alice');
  await first.store.insertWorkspace({ id: 'wsp_test', name: 'Test', createdAt: first.clock.now() });
  await first.store.setWorkspaceMember('wsp_test', owner.id, 'admin');
  alice = await tokenFor(first, 'alice@example.com');
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await dropSchemas([schema]);
  // What the clients declared is kept 30 days: this run's database number leaves none behind.
  const redis = new Redis(shared.rateStore);
  const keys = await redis.keys('survey-mcp:elicitation:*');
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/**
 * What a balancer may do: every request the client makes goes to `first`, but for the ones
 * `toSecond` picks, which go to the other instance.
 */
function splitting(toSecond: (body: Record<string, unknown>) => boolean): typeof fetch {
  return async (input, init) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (body && toSecond(body)) url.port = new URL(second.baseUrl).port;
    return fetch(url, init);
  };
}

/** A JSON-RPC response: the client answering the server's question. */
const isAnswer = (body: Record<string, unknown>) => 'id' in body && !('method' in body);

describe('confirmation by elicitation over two instances on PostgreSQL + Redis', () => {
  it('routes the answer POST from the instance it reached to the one holding the call', async () => {
    const { surveyId, questionIds } = await scratchSurvey(first, alice, 'wsp_test');
    const confirm = async (): Promise<ElicitResult> => ({ action: 'accept', content: { confirm: true } });
    const client = await askingClient(first.baseUrl, alice, { elicit: confirm, fetch: splitting(isAnswer) });
    const result = await client.callTool({ name: 'delete_question', arguments: { question_id: questionIds[0] } });
    expect(result.isError).toBeFalsy();
    expect(await questionIdsOf(second, alice, surveyId)).toEqual([questionIds[1]]);
    await client.close();
  });

  it('knows at one instance what the client declared at the other’s initialize', async () => {
    const { surveyId, questionIds } = await scratchSurvey(first, alice, 'wsp_test');
    let asked = 0;
    const decline = async (): Promise<ElicitResult> => (asked++, { action: 'decline' });
    const client = await askingClient(first.baseUrl, alice, { elicit: decline, fetch: splitting((body) => body.method === 'tools/call') });
    const result = await client.callTool({ name: 'delete_question', arguments: { question_id: questionIds[0] } });
    expect(asked).toBe(1);
    expect(result.structuredContent).toMatchObject({ changed: false, confirmed: false });
    expect(await questionIdsOf(first, alice, surveyId)).toEqual(questionIds);
    await client.close();
  });
});
