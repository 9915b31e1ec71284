/**
 * Each call of a JSON-RPC batch is charged against the person's budget (docs/limits.md): a batch
 * of 100 calls spends 100 of the 180 per 60 s, and a batch that would go past the budget is
 * refused whole with the contract's 429 and Retry-After, none of its calls run. On SQLite with
 * the in-process rate log, and on PostgreSQL with the Redis rate log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Backend } from '../helpers/backends.js';
import { postMcp, rpc, tokenFor } from '../helpers/mcp.js';
import { dropSchemas, postgresUrl, uniqueSchema } from '../helpers/postgres.js';
import { testRedisUrl } from '../helpers/redis.js';
import { createTestUser, startTestServer, type TestServer } from '../helpers/server.js';

const getMe = () => rpc('tools/call', { name: 'get_me', arguments: {} });
const batchOf = (calls: number) => Array.from({ length: calls }, getMe);
/** A batch as a 2025-03-26 client sends it (the last revision with batches). */
const sendBatch = (server: TestServer, token: string, calls: number) =>
  postMcp(server, batchOf(calls), { token, headers: { 'mcp-protocol-version': '2025-03-26' } });

describe.each(backends)('the calls of a batch on %s, against the default budget (180 per 60 s)', (backend: Backend) => {
  let server: TestServer;
  const schema = backend === 'postgres' ? uniqueSchema('batch_budget') : undefined;
  beforeAll(async () => {
    server = await startTestServer(schema ? { db: postgresUrl(schema), rateStore: testRedisUrl } : {});
  });
  afterAll(async () => {
    await server.close();
    if (schema) await dropSchemas([schema]);
  });

  it('spends one request per call: after a batch of 100 a second one is 429 whole with Retry-After, and 79 more requests are all that is left', async () => {
    await createTestUser(server, 'batcher@example.com', 'Batcher');
    const token = await tokenFor(server, 'batcher@example.com');

    const first = await sendBatch(server, token, 100);
    expect(first.status).toBe(200);
    const answers = (await first.json()) as Array<{ result?: unknown }>;
    expect(answers.filter((answer) => answer.result !== undefined)).toHaveLength(100);

    const second = await sendBatch(server, token, 100);
    expect(second.status).toBe(429);
    expect(await second.json()).toEqual({ error: 'rate_limit_exceeded' });
    const retryAfter = Number(second.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // 100 calls, and the refused batch's own request: 79 of the 180 are left.
    const singles = await Promise.all(Array.from({ length: 79 }, () => postMcp(server, getMe(), { token })));
    expect(singles.map((response) => response.status)).toEqual(Array.from({ length: 79 }, () => 200));
    expect((await postMcp(server, getMe(), { token })).status).toBe(429);
  });
});

describe('a batch larger than the whole budget', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mcpRateLimit: { limit: 10, windowMs: 60_000 } });
  });
  afterAll(() => server.close());

  it('is refused with a 400 that names its cost and the budget, since no wait would let it through', async () => {
    await createTestUser(server, 'huge-batch@example.com', 'Huge batch');
    const token = await tokenFor(server, 'huge-batch@example.com');
    const refused = await sendBatch(server, token, 11);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('a batch of 11 requests costs 11 of the 10 requests a person may send per 60 s');
    expect((await sendBatch(server, token, 9)).status).toBe(200);
  });
});
