import { describe, expect, it } from 'vitest';
import { InFlightLimit } from './in-flight.js';

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
});
