/**
 * Checks the contract itself: a correct in-memory sliding log passes every scenario, and each
 * limiter that is wrong in a known way fails the scenario written to catch it.
 */
import { describe, expect, it } from 'vitest';
import type { RateDecision, RateRule, SlidingLog } from '../../src/limits/limiter.js';
import { ADMITTED, assertCount, assertNow, assertRule, decide, retryAfterSeconds, windowStartMs } from '../../src/limits/sliding-log.js';
import { MemoryLog } from '../../src/limits/memory.js';
import { describeSlidingLogContract, scenarios, sharedStoreScenarios, type SlidingLogHarness } from './sliding-log.contract.js';

type SyncConsume = (key: string, rule: RateRule, nowMs: number, count: number) => RateDecision;
type Consume = (key: string, rule: RateRule, nowMs: number, count: number) => RateDecision | Promise<RateDecision>;

/** Every instance opened by the harness shares one state, as processes share one store. */
function harnessOf(makeConsume: () => Consume): () => Promise<SlidingLogHarness> {
  return async () => {
    const consume = makeConsume();
    return {
      open: async (): Promise<SlidingLog> => ({
        consume: async (key, rule, nowMs = Date.now(), count = 1) => {
          assertRule(rule);
          assertCount(count, rule);
          assertNow(nowMs);
          return consume(key, rule, nowMs, count);
        },
        close: async () => {},
      }),
      dispose: async () => {},
    };
  };
}

/** The reference: the in-process log's own core, an exact sliding log that logs only admitted requests. */
function exactSlidingLog(): SyncConsume {
  const log = new MemoryLog();
  return (key, rule, nowMs, count) => log.consume(key, rule, nowMs, count);
}

/** Wrong: a counter per clock-aligned window. */
function fixedWindow(): Consume {
  const counts = new Map<string, { window: number; count: number }>();
  return (key, rule, nowMs) => {
    const window = Math.floor(nowMs / rule.windowMs);
    const entry = counts.get(key);
    const current = entry && entry.window === window ? entry : { window, count: 0 };
    counts.set(key, current);
    if (current.count >= rule.limit) {
      return { allowed: false, retryAfterSeconds: retryAfterSeconds(window * rule.windowMs, rule.windowMs, nowMs) };
    }
    current.count += 1;
    return ADMITTED;
  };
}

/** Wrong (an approximation): the previous window's count weighted by its remaining overlap. */
function slidingWindowCounter(): Consume {
  const counts = new Map<string, Map<number, number>>();
  return (key, rule, nowMs) => {
    const window = Math.floor(nowMs / rule.windowMs);
    const perWindow = counts.get(key) ?? new Map<number, number>();
    counts.set(key, perWindow);
    const elapsed = (nowMs - window * rule.windowMs) / rule.windowMs;
    const estimate = (perWindow.get(window - 1) ?? 0) * (1 - elapsed) + (perWindow.get(window) ?? 0);
    if (estimate >= rule.limit) return { allowed: false, retryAfterSeconds: 1 };
    perWindow.set(window, (perWindow.get(window) ?? 0) + 1);
    return ADMITTED;
  };
}

/** Wrong (an approximation): GCRA with the whole budget as burst. */
function gcra(): Consume {
  const tats = new Map<string, number>();
  return (key, rule, nowMs) => {
    const interval = rule.windowMs / rule.limit;
    const tolerance = rule.windowMs - interval;
    const tat = Math.max(tats.get(key) ?? nowMs, nowMs);
    if (nowMs < tat - tolerance) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((tat - tolerance - nowMs) / 1000)) };
    }
    tats.set(key, tat + interval);
    return ADMITTED;
  };
}

/** Wrong: logs refused requests too, so hammering extends the block. */
function logsRefusedRequests(): Consume {
  const exact = exactSlidingLog();
  const extra = new Map<string, number[]>();
  return (key, rule, nowMs) => {
    const start = windowStartMs(nowMs, rule.windowMs);
    const refused = (extra.get(key) ?? []).filter((at) => at > start);
    extra.set(key, refused);
    if (refused.length > 0) {
      refused.push(nowMs);
      return decide(refused[0], rule, nowMs);
    }
    const decision = exact(key, rule, nowMs, 1);
    if (!decision.allowed) refused.push(nowMs);
    return decision;
  };
}

/** Wrong: checks, yields, then inserts. */
function checkThenInsert(): Consume {
  const logs = new Map<string, number[]>();
  return async (key, rule, nowMs) => {
    const start = windowStartMs(nowMs, rule.windowMs);
    const live = (logs.get(key) ?? []).filter((at) => at > start).length;
    await new Promise((resolve) => setImmediate(resolve));
    if (live >= rule.limit) return { allowed: false, retryAfterSeconds: 1 };
    const log = logs.get(key) ?? [];
    log.push(nowMs);
    logs.set(key, log);
    return ADMITTED;
  };
}

describeSlidingLogContract('the in-memory core (MemoryLog)', harnessOf(exactSlidingLog), { sharedStore: true });

const allScenarios = { ...scenarios, ...sharedStoreScenarios };
type Title = keyof typeof allScenarios;

const mustFail: Array<[string, () => Consume, Title[]]> = [
  [
    'a fixed-window limiter',
    fixedWindow,
    [
      'refuses a second budget at the start of the next clock minute (a fixed window would grant it)',
      'returns capacity one request at a time, exactly as each oldest request leaves the window',
    ],
  ],
  [
    'a sliding-window counter',
    slidingWindowCounter,
    ['refuses a second budget at the start of the next clock minute (a fixed window would grant it)'],
  ],
  [
    'GCRA',
    gcra,
    [
      'refuses a second budget at the start of the next clock minute (a fixed window would grant it)',
      'returns capacity one request at a time, exactly as each oldest request leaves the window',
    ],
  ],
  [
    'a log that also records refused requests',
    logsRefusedRequests,
    ['does not log refused requests, so hammering during a block moves neither Retry-After nor the next admit'],
  ],
  [
    'a check and insert that are not atomic',
    checkThenInsert,
    [
      'admits exactly 180 of 400 concurrent requests on one key',
      'admits exactly 180 of 400 concurrent requests split over two instances on one store',
    ],
  ],
];

describe('the contract catches known-wrong limiters', () => {
  for (const [name, makeConsume, titles] of mustFail) {
    for (const title of titles) {
      it(`${name} fails "${title}"`, async () => {
        const harness = await harnessOf(makeConsume)();
        await expect(allScenarios[title](harness)).rejects.toThrow();
      });
    }
  }
});
