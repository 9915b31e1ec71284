import { describe, expect, it } from 'vitest';
import { SharedReads } from './shared-reads.js';

const later = <T>(value: T) => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, settle: () => resolve(value) };
};

describe('shared reads', () => {
  it('hand a read running under a stamp to a caller of the same stamp, and forget it once settled', async () => {
    const reads = new SharedReads<string>();
    const read = later('row');
    expect(reads.start('k', 3, read.promise)).toBe(read.promise);
    expect(reads.running('k', 3)).toBe(read.promise);
    expect(reads.running('other', 3)).toBeUndefined();
    read.settle();
    await read.promise;
    await Promise.resolve();
    expect(reads.running('k', 3)).toBeUndefined();
  });

  it('share nothing across stamps: a newer stamp forgets the reads of the older, an older one starts nothing', () => {
    const reads = new SharedReads<string>();
    const first = later('old');
    reads.start('k', 3, first.promise);
    expect(reads.running('k', 4)).toBeUndefined();
    const second = later('new');
    reads.start('k', 4, second.promise);
    expect(reads.running('k', 3)).toBeUndefined();
    expect(reads.running('k', 4)).toBe(second.promise);
    reads.start('k', 2, later('older').promise);
    expect(reads.running('k', 4)).toBe(second.promise);
    expect(reads.running('k', 2)).toBeUndefined();
  });

  it('forget a read that failed, so the next caller reads again', async () => {
    const reads = new SharedReads<string>();
    const failing = Promise.reject(new Error('store gone'));
    reads.start('k', 1, failing).catch(() => undefined);
    await failing.catch(() => undefined);
    await Promise.resolve();
    expect(reads.running('k', 1)).toBeUndefined();
  });
});
