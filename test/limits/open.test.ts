import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UnsupportedRateStoreError } from '../../src/limits/errors.js';
import type { SlidingLog } from '../../src/limits/limiter.js';
import { checkRateStoreLocation, openSlidingLog } from '../../src/limits/open.js';
import { RedisSlidingLog } from '../../src/limits/redis.js';
import { InProcessSlidingLog } from '../../src/limits/in-process.js';
import { testRedisUrl } from '../helpers/redis.js';
import { RULE, T0 } from './sliding-log.contract.js';

describe('openSlidingLog', () => {
  let dir: string;
  const opened: SlidingLog[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'survey-mcp-limits-'));
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((log) => log.close()));
    await rm(dir, { recursive: true, force: true });
  });

  async function open(url: string): Promise<SlidingLog> {
    const log = await openSlidingLog(url, { keyPrefix: `survey-mcp-test:open:${process.pid}:` });
    opened.push(log);
    return log;
  }

  it('opens SQLite in memory for ":memory:" and "sqlite::memory:"', async () => {
    for (const url of [':memory:', 'sqlite::memory:']) {
      const log = await open(url);
      expect(log).toBeInstanceOf(InProcessSlidingLog);
      expect(await log.consume('user', RULE, T0)).toEqual({ allowed: true });
    }
  });

  it('opens SQLite on the file named by "sqlite:PATH", "sqlite://PATH" or a plain path', async () => {
    const cases = [
      [`sqlite:${join(dir, 'a.db')}`, join(dir, 'a.db')],
      [`sqlite://${join(dir, 'b.db')}`, join(dir, 'b.db')],
      [join(dir, 'c.db'), join(dir, 'c.db')],
      [relative(process.cwd(), join(dir, 'd.db')), join(dir, 'd.db')],
      // A colon inside a path is no URL scheme: only a leading `name:` is.
      [join(dir, 'rate:log.db'), join(dir, 'rate:log.db')],
    ] as const;
    for (const [url, file] of cases) {
      const log = await open(url);
      expect(log).toBeInstanceOf(InProcessSlidingLog);
      await log.consume('user', RULE, T0);
      expect(existsSync(file), url).toBe(true);
    }
  });

  it('opens Redis for "redis://" and "rediss://" URLs', async () => {
    const log = await open(testRedisUrl);
    expect(log).toBeInstanceOf(RedisSlidingLog);
    expect((await open('rediss://127.0.0.1:1')) instanceof RedisSlidingLog).toBe(true);
  });

  const refused = [
    ['postgres://app:s3cret@db/survey', 'postgres://app:***@db/survey'],
    ['memcached://cache:11211', 'memcached://cache:11211'],
    ['redis:/no-slashes', 'redis:/no-slashes'],
    ['sqlite:', 'sqlite:'],
    ['', ''],
    ['   ', '   '],
  ] as const;
  const refusal = (shown: string) => `unsupported rate store "${shown}": expected redis://, rediss://, sqlite:PATH, a file path or :memory:`;

  it('refuses anything else with an error naming the value, its password masked', async () => {
    for (const [url, shown] of refused) {
      const error = await openSlidingLog(url).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnsupportedRateStoreError);
      expect((error as Error).message).toBe(refusal(shown));
    }
  });

  it('checks a location as openSlidingLog would, without opening anything', () => {
    for (const [url, shown] of refused) expect(() => checkRateStoreLocation(url), url).toThrow(refusal(shown));
    const file = join(dir, 'never-opened.db');
    for (const url of [':memory:', `sqlite:${file}`, `sqlite://${file}`, file, testRedisUrl, 'rediss://127.0.0.1:1']) {
      expect(() => checkRateStoreLocation(url), url).not.toThrow();
    }
    expect(existsSync(file)).toBe(false);
  });
});
