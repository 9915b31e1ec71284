import { describe, expect, it } from 'vitest';
import { ADMITTED, assertNow, assertRule, decide, retryAfterSeconds, windowStartMs } from './sliding-log.js';

const MINUTE = 60_000;

describe('retryAfterSeconds', () => {
  it('is the whole seconds until the oldest request leaves the window, rounded up', () => {
    expect(retryAfterSeconds(0, MINUTE, 0)).toBe(60);
    expect(retryAfterSeconds(0, MINUTE, 1)).toBe(60);
    expect(retryAfterSeconds(0, MINUTE, 999)).toBe(60);
    expect(retryAfterSeconds(0, MINUTE, 1000)).toBe(59);
    expect(retryAfterSeconds(0, MINUTE, 30_500)).toBe(30);
    expect(retryAfterSeconds(0, MINUTE, 59_000)).toBe(1);
    expect(retryAfterSeconds(0, MINUTE, 59_999)).toBe(1);
    expect(retryAfterSeconds(1_700_000_000_123, MINUTE, 1_700_000_010_000)).toBe(51);
  });

  it('is never below 1, even when the oldest request has already left the window', () => {
    expect(retryAfterSeconds(0, MINUTE, 60_000)).toBe(1);
    expect(retryAfterSeconds(0, MINUTE, 500_000)).toBe(1);
  });

  it('is never longer than the window, even for a request logged in the future', () => {
    expect(retryAfterSeconds(10_000, MINUTE, 0)).toBe(60);
    expect(retryAfterSeconds(0, 1500, -10_000)).toBe(2);
    expect(retryAfterSeconds(0, 200, 0)).toBe(1);
  });

  it('lies in 1..60 for every instant of a 60 s window', () => {
    for (let now = 0; now < MINUTE; now += 7) {
      const seconds = retryAfterSeconds(0, MINUTE, now);
      expect(seconds).toBe(Math.ceil((MINUTE - now) / 1000));
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
    }
  });
});

describe('decide', () => {
  const rule = { limit: 180, windowMs: MINUTE };

  it('admits when fewer than the limit lie inside the window', () => {
    expect(decide(undefined, rule, 5)).toBe(ADMITTED);
    expect(ADMITTED).toEqual({ allowed: true });
  });

  it('refuses with the seconds until the limit-th newest request leaves the window', () => {
    expect(decide(1000, rule, 2000)).toEqual({ allowed: false, retryAfterSeconds: 59 });
  });
});

describe('windowStartMs', () => {
  it('is the instant at or before which logged requests have left the window', () => {
    expect(windowStartMs(60_000, MINUTE)).toBe(0);
  });
});

describe('assertRule and assertNow', () => {
  it('accept a positive integer limit and window', () => {
    expect(() => assertRule({ limit: 1, windowMs: 1 })).not.toThrow();
    expect(() => assertRule({ limit: 180, windowMs: MINUTE })).not.toThrow();
  });

  it('reject a limit that is not a positive integer with a TypeError naming the field', () => {
    for (const limit of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => assertRule({ limit, windowMs: MINUTE })).toThrow(TypeError);
    }
    expect(() => assertRule({ limit: 0, windowMs: MINUTE })).toThrow('"limit" must be a positive integer, got 0');
  });

  it('reject a window that is not a positive integer with a TypeError naming the field', () => {
    for (const windowMs of [0, -5, 0.5, Number.NaN]) {
      expect(() => assertRule({ limit: 1, windowMs })).toThrow(TypeError);
    }
    expect(() => assertRule({ limit: 1, windowMs: 0 })).toThrow('"windowMs" must be a positive integer, got 0');
  });

  it('reject a clock reading that is not a finite number', () => {
    expect(() => assertNow(Number.NaN)).toThrow('"nowMs" must be a finite number, got NaN');
    expect(() => assertNow(1.5)).not.toThrow();
  });
});
