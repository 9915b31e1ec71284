/**
 * Issue 36: `/readyz` follows PostgreSQL and Redis. Each sits behind a TCP proxy the test cuts
 * (connections dropped, new ones refused) and restores on the same port, as when the service
 * goes away and comes back; `/healthz` stays 200 throughout, since the process itself is fine.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dropSchemas, postgresUrl, testPostgresUrl, uniqueSchema } from '../helpers/postgres.js';
import { endpointOf, testRedisUrl, throughProxy } from '../helpers/redis.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { CuttableProxy } from './proxies.js';

const schema = uniqueSchema('readiness');
const proxies = { postgres: new CuttableProxy(endpointOf(testPostgresUrl, 5432)), redis: new CuttableProxy(endpointOf(testRedisUrl, 6379)) };
let server: TestServer;

beforeAll(async () => {
  await proxies.postgres.restore();
  await proxies.redis.restore();
  server = await startTestServer({
    db: throughProxy(postgresUrl(schema), proxies.postgres.port),
    rateStore: throughProxy(testRedisUrl, proxies.redis.port),
  });
});

afterAll(async () => {
  await server?.close();
  await proxies.postgres.cut();
  await proxies.redis.cut();
  await dropSchemas([schema]);
});

async function readiness(): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.baseUrl}/readyz`);
  return { status: response.status, body: await response.json() };
}

/** Asks until the answer has `status`, at most `tries` times a quarter-second apart (Redis reconnects on a back-off). */
async function readinessBecomes(status: number, tries = 40): Promise<{ status: number; body: unknown }> {
  let last = await readiness();
  for (let i = 1; i < tries && last.status !== status; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = await readiness();
  }
  return last;
}

it('answers 503 naming PostgreSQL or Redis while it is away, and 200 once it is back; /healthz stays 200', async () => {
  expect(await readiness()).toEqual({ status: 200, body: { status: 'ready' } });

  await proxies.postgres.cut();
  expect(await readinessBecomes(503)).toEqual({ status: 503, body: { status: 'unavailable', reason: expect.stringMatching(/^store /) } });
  expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  await proxies.postgres.restore();
  expect(await readinessBecomes(200)).toEqual({ status: 200, body: { status: 'ready' } });

  await proxies.redis.cut();
  const redisAway = await readinessBecomes(503);
  expect(redisAway).toEqual({ status: 503, body: { status: 'unavailable', reason: expect.stringMatching(/^rate store /) } });
  // Public: the reason names the part, never where it lives.
  expect(JSON.stringify(redisAway.body)).not.toMatch(/127\.0\.0\.1|redis:|postgres:|\d{4,5}/);
  await proxies.redis.restore();
  expect(await readinessBecomes(200)).toEqual({ status: 200, body: { status: 'ready' } });
}, 60_000);
