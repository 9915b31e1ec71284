/**
 * consume() calls per second for each sliding-log backend: one key, one caller awaiting each
 * call in turn. Simulated time advances so that every call is admitted while the key holds a
 * steady `liveEntries` entries (each call prunes one and inserts one): the cost of the request
 * path that writes. 180 is the production rule's steady state (180/60 s); a larger count shows
 * how the cost grows with the size of a key's log.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { RateRule, SlidingLog } from '../src/limits/limiter.js';
import { openRedisSlidingLog } from '../src/limits/redis.js';
import { openInProcessSlidingLog } from '../src/limits/in-process.js';

const WINDOW_MS = 60_000;

/** `settle` runs inside the measured time after the last call: work a backend defers (writing behind). */
async function opsPerSecond(log: SlidingLog, durationMs: number, liveEntries: number, settle = () => {}): Promise<number> {
  const rule: RateRule = { limit: liveEntries, windowMs: WINDOW_MS };
  // liveEntries − 1 entries lie inside the window before each call, so each is admitted (334 ms for 180).
  const stepMs = WINDOW_MS / (liveEntries - 0.4);
  let now = Date.now();
  const call = async (): Promise<void> => {
    now += stepMs;
    const decision = await log.consume('bench', rule, now);
    if (!decision.allowed) throw new Error('bench: a request was refused; the measurement would be wrong');
  };
  for (let i = 0; i < liveEntries + 320; i++) await call(); // warm up, and reach the steady state
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < durationMs) {
    await call();
    calls += 1;
    elapsed = performance.now() - start;
  }
  settle();
  elapsed = performance.now() - start;
  return Math.round((calls * 1000) / elapsed);
}

/**
 * Checks per second of the in-process sliding log on a fresh file, its write-behind included: the
 * loop never yields to the flush timer, so everything admitted is written once at the end.
 */
export async function benchInProcessLog(durationMs: number, liveEntries = 180): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'survey-mcp-bench-'));
  const log = openInProcessSlidingLog(join(dir, 'rate.db'));
  try {
    return await opsPerSecond(log, durationMs, liveEntries, () => log.flush());
  } finally {
    await log.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Checks per second of the Redis sliding log, under a key prefix of its own that it removes after. */
export async function benchRedisLog(durationMs: number, redisUrl: string, liveEntries = 180): Promise<number> {
  const keyPrefix = `survey-mcp-bench:${randomUUID()}:`;
  const log = openRedisSlidingLog(redisUrl, { keyPrefix });
  try {
    return await opsPerSecond(log, durationMs, liveEntries);
  } finally {
    await log.close();
    const admin = new Redis(redisUrl);
    await admin.del(`${keyPrefix}bench`).finally(() => admin.quit());
  }
}
