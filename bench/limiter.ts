/**
 * consume() calls per second for each sliding-log backend: one key, one caller awaiting each
 * call in turn. Simulated time advances 334 ms per call under the 180/60 s rule, so every call
 * is admitted and the key holds its full steady state of 180 live entries (each call prunes one
 * and inserts one): the cost of the request path that writes.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { RateRule, SlidingLog } from '../src/limits/limiter.js';
import { openRedisSlidingLog } from '../src/limits/redis.js';
import { openSqliteSlidingLog } from '../src/limits/sqlite.js';

export interface LimiterBenchOptions {
  readonly durationMs: number;
  /** Default `redis://127.0.0.1:6379`. */
  readonly redisUrl?: string;
}

/** Admitted consume() calls per second. */
export interface LimiterBenchResult {
  readonly sqlite: number;
  readonly redis: number;
}

const RULE: RateRule = { limit: 180, windowMs: 60_000 };
const STEP_MS = 334;

async function opsPerSecond(log: SlidingLog, durationMs: number): Promise<number> {
  let now = Date.now();
  const call = async (): Promise<void> => {
    now += STEP_MS;
    const decision = await log.consume('bench', RULE, now);
    if (!decision.allowed) throw new Error('bench: a request was refused; the measurement would be wrong');
  };
  for (let i = 0; i < 500; i++) await call(); // warm up, and reach 180 live entries
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < durationMs) {
    await call();
    calls += 1;
    elapsed = performance.now() - start;
  }
  return Math.round((calls * 1000) / elapsed);
}

export async function benchSlidingLogs(options: LimiterBenchOptions): Promise<LimiterBenchResult> {
  const dir = await mkdtemp(join(tmpdir(), 'survey-mcp-bench-'));
  const sqliteLog = openSqliteSlidingLog(join(dir, 'rate.db'));
  let sqlite: number;
  try {
    sqlite = await opsPerSecond(sqliteLog, options.durationMs);
  } finally {
    await sqliteLog.close();
    await rm(dir, { recursive: true, force: true });
  }

  const keyPrefix = `survey-mcp-bench:${randomUUID()}:`;
  const redisUrl = options.redisUrl ?? 'redis://127.0.0.1:6379';
  const redisLog = openRedisSlidingLog(redisUrl, { keyPrefix });
  let redis: number;
  try {
    redis = await opsPerSecond(redisLog, options.durationMs);
  } finally {
    await redisLog.close();
    const admin = new Redis(redisUrl);
    await admin.del(`${keyPrefix}bench`).finally(() => admin.quit());
  }
  return { sqlite, redis };
}
