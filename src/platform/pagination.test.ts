import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, isTuple, pageSize } from './pagination.js';

describe('cursor pagination', () => {
  it('defaults to 25 and accepts 1 to 100', () => {
    expect(pageSize(undefined)).toBe(25);
    expect(pageSize(100)).toBe(100);
    expect(() => pageSize(0)).toThrow("validation failed: 'limit' must be a whole number from 1 to 100, got 0");
    expect(() => pageSize(101)).toThrow('got 101');
    expect(() => pageSize(2.5)).toThrow('got 2.5');
  });
  it('round-trips a position under the same filters and refuses other filters', () => {
    const cursor = encodeCursor({ status: 'completed' }, [5, 7]);
    expect(decodeCursor(cursor, { status: 'completed' }, isTuple('number', 'number'))).toEqual([5, 7]);
    expect(() => decodeCursor(cursor, { status: 'partial' }, isTuple('number', 'number'))).toThrow("validation failed: 'cursor' does not match these filters");
  });
  it('refuses a cursor it did not issue', () => {
    expect(() => decodeCursor('bm9wZQ', {}, isTuple('number', 'number'))).toThrow("validation failed: 'cursor' is not a cursor this server issued");
    expect(() => decodeCursor(encodeCursor({}, ['a', 1]), {}, isTuple('number', 'number'))).toThrow('not a cursor this server issued');
  });
});
