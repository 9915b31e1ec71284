import { describe, expect, it } from 'vitest';
import { timedMethods } from './timed.js';

describe('timedMethods', () => {
  it('times each method that returns a promise, and says which failed', async () => {
    const seen: Array<[string, boolean]> = [];
    const store = {
      backend: 'sqlite' as const,
      find: async (id: string) => `found ${id}`,
      fail: async () => {
        throw new Error('down');
      },
      stamp: () => 7,
    };
    const timed = timedMethods(store, (operation, seconds, failed) => {
      expect(seconds).toBeGreaterThanOrEqual(0);
      seen.push([operation, failed]);
    });
    expect(await timed.find('a')).toBe('found a');
    await expect(timed.fail()).rejects.toThrow('down');
    expect(timed.stamp()).toBe(7);
    expect(timed.backend).toBe('sqlite');
    expect(seen).toEqual([
      ['find', false],
      ['fail', true],
    ]);
  });

  it('times only the methods named, on a class instance whose methods live on its prototype', async () => {
    class Log {
      #count = 0;
      async consume() {
        return ++this.#count;
      }
      async close() {}
    }
    const seen: string[] = [];
    const timed = timedMethods(new Log(), (operation) => seen.push(operation), ['consume']);
    expect(await timed.consume()).toBe(1);
    expect(await timed.consume()).toBe(2);
    expect(seen).toEqual(['consume', 'consume']);
  });
});
