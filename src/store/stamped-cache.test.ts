import { describe, expect, it } from 'vitest';
import { StampedCache } from './stamped-cache.js';

describe('StampedCache', () => {
  it('keeps values while the stamp stands still and drops them all when it grows', () => {
    const cache = new StampedCache<string>(10);
    expect(cache.at(1)).toBe(true);
    cache.set('a', 'one', 1);
    expect(cache.at(1)).toBe(true);
    expect(cache.get('a')).toBe('one');
    expect(cache.at(2)).toBe(true);
    expect(cache.get('a')).toBeUndefined();
  });

  it('sends a caller holding an older stamp to the store, and keeps nothing it read', () => {
    const cache = new StampedCache<string>(10);
    cache.at(5);
    cache.set('a', 'new', 5);
    expect(cache.at(4)).toBe(false);
    cache.set('b', 'old', 4);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('new');
  });

  it('keeps nothing read under a stamp that a newer one replaced while it was read', () => {
    const cache = new StampedCache<string>(10);
    cache.at(1);
    cache.at(2);
    cache.set('a', 'read under 1', 1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('starts over when full', () => {
    const cache = new StampedCache<number>(2);
    cache.at(1);
    for (const [index, key] of ['a', 'b', 'c'].entries()) cache.set(key, index, 1);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, undefined, 2]);
  });
});
