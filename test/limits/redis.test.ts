import { randomUUID } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { inspect } from 'node:util';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SlidingLog } from '../../src/limits/limiter.js';
import { openRedisSlidingLog, type RedisSlidingLogOptions } from '../../src/limits/redis.js';
import { endpointOf, testRedisUrl, throughProxy } from '../helpers/redis.js';
import { describeSlidingLogContract, RULE, T0 } from './sliding-log.contract.js';

const REDIS_URL = testRedisUrl;
/** Every key this file writes starts with it, so that it can check nothing is left behind. */
const RUN_PREFIX = `survey-mcp-test:${randomUUID()}:`;

let admin: Redis;
beforeAll(() => {
  admin = new Redis(REDIS_URL);
});
afterAll(async () => {
  expect(await admin.keys(`${RUN_PREFIX}*`)).toEqual([]);
  await admin.quit();
});

async function deleteKeys(prefix: string): Promise<void> {
  const keys = await admin.keys(`${prefix}*`);
  if (keys.length > 0) await admin.del(...keys);
}

describeSlidingLogContract('Redis (two clients model two processes)', async () => {
  const keyPrefix = `${RUN_PREFIX}${randomUUID()}:`;
  const opened: SlidingLog[] = [];
  return {
    open: async () => {
      const log = openRedisSlidingLog(REDIS_URL, { keyPrefix });
      opened.push(log);
      return log;
    },
    dispose: async () => {
      await Promise.all(opened.map((log) => log.close()));
      await deleteKeys(keyPrefix);
    },
  };
}, { sharedStore: true });

/** A TCP hop in front of Redis that can refuse connections or stop passing bytes on. */
class FlakyProxy {
  port = 0;
  #server: Server | undefined;
  readonly #pairs = new Set<[Socket, Socket]>();

  async start(): Promise<void> {
    const server = createServer((client) => {
      const { host, port } = endpointOf(REDIS_URL, 6379);
      const upstream = connect(port, host);
      const pair: [Socket, Socket] = [client, upstream];
      this.#pairs.add(pair);
      client.pipe(upstream).pipe(client);
      const drop = (): void => {
        this.#pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('close', drop).on('error', drop);
      upstream.on('close', drop).on('error', drop);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.#server = server;
  }

  /** Redis goes away: open connections break and new ones are refused. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const [client, upstream] of this.#pairs) {
      client.destroy();
      upstream.destroy();
    }
    await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
  }

  /** Redis stalls: connections stay open but requests are held back, until `unstall`. */
  stall(): void {
    for (const [client, upstream] of this.#pairs) {
      client.unpipe(upstream);
      client.pause();
    }
  }

  unstall(): void {
    for (const [client, upstream] of this.#pairs) client.pipe(upstream);
  }
}

/** Retries `attempt` until it stops throwing; real time passes here (reconnect back-off). */
async function eventually<T>(attempt: () => Promise<T>, tries = 100): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('the Redis sliding log', () => {
  const keyPrefix = `${RUN_PREFIX}${randomUUID()}:`;
  const opened: SlidingLog[] = [];
  const proxies: FlakyProxy[] = [];

  function open(url = REDIS_URL, options: RedisSlidingLogOptions = {}) {
    const log = openRedisSlidingLog(url, { keyPrefix, ...options });
    opened.push(log);
    return log;
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((log) => log.close()));
    await Promise.all(proxies.splice(0).map((proxy) => proxy.stop()));
    await deleteKeys(keyPrefix);
  });

  it(
    'rejects at once with "rate store unavailable: <url> (ECONNREFUSED)" when Redis cannot be reached',
    { timeout: 2000 },
    async () => {
      const log = open('redis://127.0.0.1:1');
      const message = 'rate store unavailable: redis://127.0.0.1:1 (ECONNREFUSED)';
      await expect(log.consume('user', RULE, T0)).rejects.toThrow(message);
      await expect(log.consume('user', RULE, T0)).rejects.toThrow(message);
      await expect(log.consume('user', RULE, T0)).rejects.toMatchObject({
        code: 'rate_store_unavailable',
        status: 503,
        reason: 'ECONNREFUSED',
      });
    },
  );

  it('never shows the password from the URL', { timeout: 2000 }, async () => {
    const log = open('redis://:s3cret@127.0.0.1:1');
    const error = await log.consume('user', RULE, T0).catch((e: unknown) => e);
    expect((error as Error).message).toBe('rate store unavailable: redis://:***@127.0.0.1:1 (ECONNREFUSED)');
    expect(inspect(error, { depth: 10 })).not.toContain('s3cret');
    expect(JSON.stringify(error)).not.toContain('s3cret');
    expect(inspect(log, { depth: 3 })).not.toContain('s3cret');
  });

  it('refuses a URL it cannot parse without repeating its password', () => {
    const attempt = () => openRedisSlidingLog('redis://app:s3cret@[::1');
    expect(attempt).toThrow('unsupported rate store "redis://app:***@[::1": not a valid URL');
    const error = (() => {
      try {
        attempt();
      } catch (e) {
        return e;
      }
    })();
    expect(inspect(error, { depth: 10 })).not.toContain('s3cret');
  });

  it('recovers by itself when Redis comes back', async () => {
    const proxy = new FlakyProxy();
    proxies.push(proxy);
    await proxy.start();
    const log = open(throughProxy(REDIS_URL, proxy.port));
    expect(await log.consume('user', RULE, T0)).toEqual({ allowed: true });

    await proxy.stop();
    const refused = `rate store unavailable: ${throughProxy(REDIS_URL, proxy.port)} (ECONNREFUSED)`;
    await eventually(() => expect(log.consume('user', RULE, T0)).rejects.toThrow(refused));

    await proxy.start();
    expect(await eventually(() => log.consume('user', RULE, T0))).toEqual({ allowed: true });
    expect(await admin.zcard(`${keyPrefix}user`)).toBe(2);
  });

  it('rejects after the command timeout instead of hanging when Redis stops answering', async () => {
    const proxy = new FlakyProxy();
    proxies.push(proxy);
    await proxy.start();
    const log = open(throughProxy(REDIS_URL, proxy.port), { commandTimeoutMs: 200 });
    expect(await log.consume('user', RULE, T0)).toEqual({ allowed: true });

    proxy.stall();
    await expect(log.consume('user', RULE, T0)).rejects.toThrow(
      `rate store unavailable: ${throughProxy(REDIS_URL, proxy.port)} (ETIMEDOUT)`,
    );
    proxy.unstall();
    // The held-back request reaches Redis late and is logged; the log stays consistent.
    expect(await eventually(() => log.consume('user', RULE, T0))).toEqual({ allowed: true });
    expect(await admin.zcard(`${keyPrefix}user`)).toBe(3);
  });

  it('reads a reply that came while the event loop was blocked longer than the command timeout as an answer, not an outage', async () => {
    const log = open(REDIS_URL, { commandTimeoutMs: 100 });
    expect(await log.consume('user', RULE, T0)).toEqual({ allowed: true });
    // The command is on the wire once consume's microtasks have run; then a heavy request holds the loop.
    const pending = log.consume('user', RULE, T0);
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        const until = Date.now() + 1_000;
        while (Date.now() < until);
        resolve();
      }),
    );
    expect(await pending).toEqual({ allowed: true });
    expect(await admin.zcard(`${keyPrefix}user`)).toBe(2);
  });

  it('logs two requests in the same millisecond as two members and lets the key expire a window after the last admit', async () => {
    const log = open();
    await log.consume('user', RULE, T0);
    await log.consume('user', RULE, T0);
    const key = `${keyPrefix}user`;
    expect(await admin.zcard(key)).toBe(2);
    const ttl = await admin.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(RULE.windowMs);
  });

  it('timestamps requests by the Redis clock when no time is given', async () => {
    const log = open();
    const ms = ([seconds, micros]: readonly unknown[]) =>
      Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    const before = ms(await admin.time());
    await log.consume('user', RULE);
    const after = ms(await admin.time());
    const scores = await admin.zrange(`${keyPrefix}user`, 0, -1, 'WITHSCORES');
    expect(scores).toHaveLength(2);
    const at = Number(scores[1]);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
  });

  it('answers "rate store unavailable" once closed, and closing twice is harmless', async () => {
    const log = open();
    await log.consume('user', RULE, T0);
    await log.close();
    await log.close();
    await expect(log.consume('user', RULE, T0)).rejects.toThrow(`rate store unavailable: ${REDIS_URL} (closed)`);
  });
});
