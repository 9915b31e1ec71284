import { describe, expect, it } from 'vitest';
import { MemoryLog } from './memory.js';

const rule = { limit: 2, windowMs: 1000 };

describe('MemoryLog', () => {
  it('keeps a log in order when the clock steps back, so the right request leaves the window first', () => {
    const log = new MemoryLog();
    expect(log.consume('k', rule, 5000)).toEqual({ allowed: true });
    expect(log.consume('k', rule, 4500)).toEqual({ allowed: true });
    // 4500 is the older one: it leaves at 5500, and 5000 at 6000.
    expect(log.consume('k', rule, 5499)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(log.consume('k', rule, 5500)).toEqual({ allowed: true });
    expect(log.consume('k', rule, 5999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('restores requests into the window they were admitted in', () => {
    const log = new MemoryLog();
    log.restore('k', 1000);
    log.restore('k', 900);
    expect(log.consume('k', rule, 1500)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(log.consume('k', rule, 1900)).toEqual({ allowed: true });
  });

  it('forgets only the keys whose every request has left the longest window', () => {
    const log = new MemoryLog();
    log.consume('old', rule, 1000);
    log.consume('live', rule, 1000);
    log.consume('live', rule, 2500);
    log.sweep(3000, 1000);
    expect(log.size).toBe(1);
    expect(log.consume('live', rule, 3000)).toEqual({ allowed: true });
    expect(log.consume('live', rule, 3000)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});
