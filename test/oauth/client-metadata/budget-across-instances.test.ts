import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SlidingLog } from '../../../src/limits/limiter.js';
import { openRedisSlidingLog } from '../../../src/limits/redis.js';
import { explain } from '../../../src/oauth/explanation.js';
import { ClientMetadataError } from '../../../src/oauth/client-metadata/errors.js';
import { ClientMetadataResolver } from '../../../src/oauth/client-metadata/resolver.js';
import { ManualClock } from '../../../src/platform/clock.js';
import { testRedisUrl } from '../../helpers/redis.js';

const keyPrefix = `survey-mcp-test:${randomUUID()}:`;
const real = 'https://claude.example/oauth/client.json';

let logs: SlidingLog[];
let fetches: string[];

/** One instance of the server's resolver, sharing the Redis rate log with the others. */
async function instance(): Promise<ClientMetadataResolver> {
  const slidingLog = await openRedisSlidingLog(testRedisUrl, { keyPrefix });
  logs.push(slidingLog);
  return new ClientMetadataResolver({
    policy: { allowPrivateAddresses: false, timeoutMs: 1000, maxBytes: 5120 },
    clock: new ManualClock(1_000_000),
    slidingLog,
    log: () => undefined,
    fetchDocument: async (url, policy) => {
      await policy.beforeConnect?.('192.0.2.10');
      fetches.push(url.href);
      if (url.href !== real) throw new ClientMetadataError('http_status', explain`answered HTTP 404`);
      return { document: { client_id: url.href, client_name: 'Claude', redirect_uris: ['http://127.0.0.1/callback'] }, cacheControl: undefined };
    },
  });
}

beforeEach(() => {
  logs = [];
  fetches = [];
});
afterEach(async () => {
  for (const log of logs) await log.close();
  const admin = new Redis(testRedisUrl);
  const keys = await admin.keys(`${keyPrefix}*`);
  if (keys.length > 0) await admin.del(...keys);
  await admin.quit();
});
afterAll(async () => {
  const admin = new Redis(testRedisUrl);
  expect(await admin.keys(`${keyPrefix}*`)).toEqual([]);
  await admin.quit();
});

describe('the client metadata fetch budget on Redis, shared by instances', () => {
  it("spends one stranger's budget across instances and still fetches the real document for someone else", async () => {
    const [a, b] = [await instance(), await instance()];
    for (let i = 0; i < 20; i++) await (i % 2 ? a : b).resolve(`https://claude.example/junk-${i}`, '203.0.113.9').catch(() => undefined);
    expect(fetches).toHaveLength(10);
    await expect(a.resolve(real, '198.51.100.7')).resolves.toMatchObject({ name: 'Claude' });
  });

  it('caps a flood of distinct URLs over all instances together (40 from callers who fetched before, first fetches from the reserve)', async () => {
    const [a, b, c] = [await instance(), await instance(), await instance()];
    const instances = [a, b, c];
    for (let i = 0; i < 70; i++) {
      await instances[i % 3]!.resolve(`https://claude.example/flood-${i}`, `192.0.2.${Math.floor(i / 10)}`).catch(() => undefined);
    }
    expect(fetches).toHaveLength(43);
  });
});
