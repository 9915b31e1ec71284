/**
 * The one contract every SlidingLog backend must meet (field notes, "Rate limits"; spec § 8).
 * Time is simulated through `nowMs`, so nothing here depends on how fast the machine is.
 *
 * The scenarios are exported on their own so that `contract-self-check.test.ts` can show each
 * one failing against a limiter that is wrong in the way the scenario is about (fixed windows,
 * logging refused requests, a check and insert that are not atomic).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RateDecision, RateRule, SlidingLog } from '../../src/limits/limiter.js';

/** One store, fresh for each test. */
export interface SlidingLogHarness {
  /**
   * Opens another SlidingLog on the same store: another process of the server, in production
   * (called twice only by the shared-store scenarios).
   */
  open(): Promise<SlidingLog>;
  /** Closes every log it opened and removes everything the test stored. */
  dispose(): Promise<void>;
}

export type SlidingLogFactory = () => Promise<SlidingLogHarness>;

export const RULE: RateRule = { limit: 180, windowMs: 60_000 };
/** A multiple of 60 000: the start of a clock minute, where a fixed-window limiter resets. */
export const T0 = 1_700_000_040_000;

export type Scenario = (harness: SlidingLogHarness) => Promise<void>;

async function consumeMany(log: SlidingLog, key: string, count: number, nowMs: number, rule = RULE) {
  const decisions: RateDecision[] = [];
  for (let i = 0; i < count; i++) decisions.push(await log.consume(key, rule, nowMs));
  return decisions;
}

function admittedCount(decisions: readonly RateDecision[]): number {
  return decisions.filter((decision) => decision.allowed).length;
}

function expectRefused(decision: RateDecision, retryAfterSeconds: number): void {
  expect(decision).toEqual({ allowed: false, retryAfterSeconds });
}

export const scenarios = {
  'admits exactly the limit within one window and refuses the next request': async (harness) => {
    const log = await harness.open();
    for (let i = 0; i < 180; i++) {
      expect(await log.consume('spread', RULE, T0 + i * 100), `request ${i + 1}`).toEqual({ allowed: true });
    }
    expect((await log.consume('spread', RULE, T0 + 17_900)).allowed).toBe(false);
    expect((await log.consume('spread', RULE, T0 + 59_999)).allowed).toBe(false);

    // All in the same millisecond: each one is logged on its own.
    const burst = await consumeMany(log, 'burst', 181, T0);
    expect(admittedCount(burst.slice(0, 180))).toBe(180);
    expectRefused(burst[180]!, 60);
  },

  'answers Retry-After as the whole seconds until the oldest request leaves the window, always 1 to 60':
    async (harness) => {
      const log = await harness.open();
      await consumeMany(log, 'user', 180, T0);
      const probes: Array<[number, number]> = [
        [0, 60], [1, 60], [999, 60], [1000, 59], [1001, 59], [30_500, 30], [59_000, 1], [59_001, 1], [59_999, 1],
      ];
      for (const [offset, seconds] of probes) {
        expectRefused(await log.consume('user', RULE, T0 + offset), seconds);
      }
      for (let offset = 0; offset < 60_000; offset += 997) {
        const decision = await log.consume('user', RULE, T0 + offset);
        expectRefused(decision, Math.ceil((60_000 - offset) / 1000));
      }
      expect(await log.consume('user', RULE, T0 + 60_000)).toEqual({ allowed: true });
    },

  'returns capacity one request at a time, exactly as each oldest request leaves the window':
    async (harness) => {
      const log = await harness.open();
      const at = (i: number) => T0 + i * 333; // 180 requests spread over 0 … 59.6 s
      for (let i = 0; i < 180; i++) expect((await log.consume('user', RULE, at(i))).allowed).toBe(true);
      for (let i = 0; i < 180; i++) {
        const leaves = at(i) + 60_000;
        expectRefused(await log.consume('user', RULE, leaves - 1), 1);
        expect(await log.consume('user', RULE, leaves), `slot ${i} frees at its request + 60 s`).toEqual({
          allowed: true,
        });
        expectRefused(await log.consume('user', RULE, leaves), 1);
      }
    },

  'refuses a second budget at the start of the next clock minute (a fixed window would grant it)':
    async (harness) => {
      const log = await harness.open();
      // The whole budget in the last second of the clock minute [T0, T0 + 60 s).
      for (let i = 0; i < 180; i++) {
        expect((await log.consume('user', RULE, T0 + 59_000 + i * 5)).allowed).toBe(true);
      }
      const nextMinute = await consumeMany(log, 'user', 180, T0 + 60_000);
      expect(admittedCount(nextMinute), 'admitted in the first ms of the next clock minute').toBe(0);
      expectRefused(nextMinute[0]!, 59);
      expectRefused(await log.consume('user', RULE, T0 + 61_000), 58);
      expectRefused(await log.consume('user', RULE, T0 + 90_000), 29);
      expectRefused(await log.consume('user', RULE, T0 + 118_999), 1);
      // One minute after the first of them, exactly one slot returns.
      expect(await log.consume('user', RULE, T0 + 119_000)).toEqual({ allowed: true });
      expectRefused(await log.consume('user', RULE, T0 + 119_000), 1);
      expect(await log.consume('user', RULE, T0 + 119_005)).toEqual({ allowed: true });
    },

  'does not log refused requests, so hammering during a block moves neither Retry-After nor the next admit':
    async (harness) => {
      const log = await harness.open();
      await consumeMany(log, 'user', 180, T0);
      for (let k = 0; k < 1000; k++) {
        const offset = Math.floor((k * 59_999) / 999);
        expectRefused(await log.consume('user', RULE, T0 + offset), Math.ceil((60_000 - offset) / 1000));
      }
      expectRefused(await log.consume('user', RULE, T0 + 59_999), 1);
      // The whole budget returns at T0 + 60 s, as if the 1000 refused requests never happened.
      const after = await consumeMany(log, 'user', 181, T0 + 60_000);
      expect(admittedCount(after.slice(0, 180))).toBe(180);
      expectRefused(after[180]!, 60);
    },

  'gives each key its own budget': async (harness) => {
    const log = await harness.open();
    const register = { limit: 20, windowMs: 60_000 };
    expect(admittedCount(await consumeMany(log, 'user:1', 180, T0))).toBe(180);
    expect((await log.consume('user:1', RULE, T0)).allowed).toBe(false);

    expect(admittedCount(await consumeMany(log, 'user:10', 180, T0 + 1))).toBe(180);
    expectRefused(await log.consume('user:10', RULE, T0 + 1), 60);
    const ip = await consumeMany(log, 'ip:2001:db8:0:1::/64', 21, T0 + 2, register);
    expect(admittedCount(ip)).toBe(20);
    expectRefused(ip[20]!, 60);

    expectRefused(await log.consume('user:1', RULE, T0 + 2), 60);
    expect(await log.consume('user:2', RULE, T0 + 2)).toEqual({ allowed: true });
  },

  'admits exactly 180 of 400 concurrent requests on one key': async (harness) => {
    const log = await harness.open();
    const decisions = await Promise.all(Array.from({ length: 400 }, () => log.consume('user', RULE, T0)));
    expect(admittedCount(decisions)).toBe(180);
    for (const decision of decisions.filter((d) => !d.allowed)) expectRefused(decision, 60);
  },

  'admits a batch of requests only when all of them fit, and refuses it whole without logging any': async (harness) => {
    const log = await harness.open();
    for (let i = 0; i < 170; i++) expect((await log.consume('batch', RULE, T0 + i * 100)).allowed).toBe(true);
    // 20 need the 10 oldest gone: the 10th oldest (T0 + 900) leaves at T0 + 60 900.
    expectRefused(await log.consume('batch', RULE, T0 + 17_000, 20), 44);
    expectRefused(await log.consume('batch', RULE, T0 + 60_899, 20), 1);
    // Nothing of the refused batches was logged: with the 9 oldest gone, 161 are left and 19 fit.
    expect(await log.consume('batch', RULE, T0 + 60_899, 10)).toEqual({ allowed: true });
    expect(await log.consume('batch', RULE, T0 + 60_899, 9)).toEqual({ allowed: true });
    expect((await log.consume('batch', RULE, T0 + 60_899)).allowed).toBe(false);
    expect(await log.consume('later', RULE, T0, 180)).toEqual({ allowed: true });
    await expect(log.consume('user', RULE, T0, 181)).rejects.toThrow(TypeError);
    await expect(log.consume('user', RULE, T0, 0)).rejects.toThrow(TypeError);
  },

  'rejects a rule that is not a positive integer limit and window as a programming error': async (harness) => {
    const log = await harness.open();
    await expect(log.consume('user', { limit: 0, windowMs: 60_000 }, T0)).rejects.toThrow(TypeError);
    await expect(log.consume('user', { limit: 180, windowMs: 0 }, T0)).rejects.toThrow(TypeError);
    await expect(log.consume('user', { limit: 1.5, windowMs: 60_000 }, T0)).rejects.toThrow(TypeError);
    await expect(log.consume('user', RULE, Number.NaN)).rejects.toThrow(TypeError);
    expect(await log.consume('user', RULE, T0)).toEqual({ allowed: true });
  },
} satisfies Record<string, Scenario>;

/**
 * For backends whose instances share one store (Redis; processes on one machine each keep their
 * own in-process log and refuse to share a file instead).
 */
export const sharedStoreScenarios = {
  'admits exactly 180 of 400 concurrent requests split over two instances on one store': async (harness) => {
    const first = await harness.open();
    const second = await harness.open();
    const decisions = await Promise.all(
      Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? first : second).consume('user', RULE, T0 + (i % 7))),
    );
    expect(admittedCount(decisions)).toBe(180);
    expect((await first.consume('user', RULE, T0 + 10)).allowed).toBe(false);
    expect((await second.consume('user', RULE, T0 + 10)).allowed).toBe(false);
    expect(await second.consume('user', RULE, T0 + 60_006)).toEqual({ allowed: true });
  },

  "uses the store's own clock when no time is given, shared by every instance": async (harness) => {
    const first = await harness.open();
    const second = await harness.open();
    const decisions = await Promise.all(
      Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? first : second).consume('user', RULE)),
    );
    expect(admittedCount(decisions)).toBe(180);
    for (const decision of decisions) {
      if (decision.allowed) continue;
      expect(decision.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(decision.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  },

} satisfies Record<string, Scenario>;

export function describeSlidingLogContract(name: string, factory: SlidingLogFactory, options: { sharedStore: boolean }): void {
  const all = options.sharedStore ? { ...scenarios, ...sharedStoreScenarios } : scenarios;
  describe(`${name}: the SlidingLog contract`, () => {
    let harness: SlidingLogHarness;
    beforeEach(async () => {
      harness = await factory();
    });
    afterEach(async () => {
      await harness.dispose();
    });
    for (const [title, scenario] of Object.entries(all)) {
      it(title, () => scenario(harness));
    }
  });
}
