import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisElicitationShare } from '../../src/limits/redis-elicitation.js';
import { testRedisUrl } from '../helpers/redis.js';

const keyPrefix = `survey-mcp-test:${randomUUID()}:`;

/** Two shares model two instances of one deployment. */
const first = new RedisElicitationShare(testRedisUrl, { keyPrefix });
const second = new RedisElicitationShare(testRedisUrl, { keyPrefix });

afterAll(async () => {
  const admin = new Redis(testRedisUrl);
  const keys = await admin.keys(`${keyPrefix}*`);
  if (keys.length > 0) await admin.del(...keys);
  await admin.quit();
  await Promise.all([first.close(), second.close()]);
});

describe('the elicitation share in Redis', () => {
  it('lets one instance read what a client declared at another, until it expires', async () => {
    await first.rememberDeclared('ann\u0000https://client.example/meta.json', true, 300);
    expect(await second.declared('ann\u0000https://client.example/meta.json')).toBe(true);
    expect(await second.declared('bob\u0000https://client.example/meta.json')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await second.declared('ann\u0000https://client.example/meta.json')).toBe(false);
  });

  it('hands an answer published at one instance to the listener of the other', async () => {
    let hear: (answer: [string, string]) => void = () => {};
    const heard = new Promise<[string, string]>((resolve) => (hear = resolve));
    await second.listen((route, payload) => hear([route, payload]));
    await first.publish('confirm-1', '{"owner":"ann"}');
    await expect(heard).resolves.toEqual(['confirm-1', '{"owner":"ann"}']);
  });
});
