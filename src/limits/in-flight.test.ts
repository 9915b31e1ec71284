import { afterEach, describe, expect, it, vi } from 'vitest';
import { InFlightLimit, inFlightRule } from './in-flight.js';

/** Timers a test fires by hand. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 1;
  return {
    setTimeout: (callback: () => void) => {
      pending.set(next, callback);
      return next++;
    },
    clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    fireAll: () => {
      const due = [...pending.values()];
      pending.clear();
      for (const callback of due) callback();
    },
    get count() {
      return pending.size;
    },
  };
}

describe('InFlightLimit', () => {
  it('lets a key run up to its limit, queues the next ones and hands a released turn to the first waiter', async () => {
    const timers = manualTimers();
    const limit = new InFlightLimit({ limit: 2, queue: 1, waitMs: 5_000 }, timers);
    const first = await limit.acquire('alice');
    const second = await limit.acquire('alice');
    const waiting = limit.acquire('alice');
    expect(await limit.acquire('alice')).toBeUndefined();
    expect(await limit.acquire('bob')).toBeTypeOf('function');
    first!();
    first!();
    const third = await waiting;
    expect(third).toBeTypeOf('function');
    expect(limit.running('alice')).toBe(2);
    expect(timers.count).toBe(0);
    second!();
    third!();
    expect(limit.running('alice')).toBe(0);
  });

  it('refuses a waiter whose wait ran out, and keeps no state for a key with nothing running', async () => {
    const timers = manualTimers();
    const limit = new InFlightLimit({ limit: 1, queue: 4, waitMs: 5_000 }, timers);
    const only = await limit.acquire('alice');
    const waiting = limit.acquire('alice');
    timers.fireAll();
    expect(await waiting).toBeUndefined();
    only!();
    expect(limit.running('alice')).toBe(0);
    expect(await limit.acquire('alice')).toBeTypeOf('function');
  });

  it('takes a waiter whose client hung up out of the queue at once, so the place goes to the next request', async () => {
    const timers = manualTimers();
    const limit = new InFlightLimit({ limit: 1, queue: 1, waitMs: 5_000 }, timers);
    const only = await limit.acquire('alice');
    const gone = new AbortController();
    const waiting = limit.acquire('alice', gone.signal);
    gone.abort();
    expect(await waiting).toBeUndefined();
    expect(limit.waiting('alice')).toBe(0);
    expect(timers.count).toBe(0);
    const next = limit.acquire('alice');
    only!();
    expect(await next).toBeTypeOf('function');
    expect(await limit.acquire('bob', AbortSignal.abort())).toBeUndefined();
  });

  it('queues the whole rest of a rate budget, each request for up to 10 s (spec 8 rule 3)', async () => {
    const rule = inFlightRule(4, { limit: 180, windowMs: 60_000 });
    expect(rule).toEqual({ limit: 4, queue: 180, waitMs: 10_000 });
    const limit = new InFlightLimit(rule, manualTimers());
    const running = [];
    for (let i = 0; i < 4; i++) running.push(await limit.acquire('alice'));
    const queued = Array.from({ length: 176 }, () => limit.acquire('alice'));
    expect(limit.waiting('alice')).toBe(176);
    for (const release of running) release!();
    expect(limit.waiting('alice')).toBe(172);
    expect(await Promise.all(queued.slice(0, 4))).toSatisfy((turns: unknown[]) => turns.every((turn) => typeof turn === 'function'));
  });

  describe('on the clock', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('refuses a request still waiting for its turn 10 s after it queued, whatever the rate window (docs/limits.md)', async () => {
      vi.useFakeTimers();
      const limit = new InFlightLimit(inFlightRule(4, { limit: 180, windowMs: 60_000 }));
      for (let i = 0; i < 4; i++) await limit.acquire('alice');
      let outcome: unknown = 'waiting';
      void limit.acquire('alice').then((turn) => (outcome = turn));
      await vi.advanceTimersByTimeAsync(9_999);
      expect(outcome).toBe('waiting');
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toBeUndefined();
      expect(limit.waiting('alice')).toBe(0);
    });
  });
});
