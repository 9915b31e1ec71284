import { describe, expect, it } from 'vitest';
import { stampPerTurn } from './stamp-per-turn.js';

function counter() {
  let stamp = 1;
  let reads = 0;
  const read = () => {
    reads += 1;
    return stamp;
  };
  return { read, reads: () => reads, write: () => (stamp += 1) };
}

describe('stampPerTurn', () => {
  it('reads once for every request that asks in the same turn, and again in the next turn', async () => {
    const store = counter();
    const stamp = stampPerTurn(store.read);
    expect(await Promise.all([stamp(), stamp(), stamp()])).toEqual([1, 1, 1]);
    expect(store.reads()).toBe(1);
    store.write();
    expect(await stamp()).toBe(2);
    expect(store.reads()).toBe(2);
  });

  it('reads after every request that shares the read asked: a write made meanwhile is seen by all of them', async () => {
    const store = counter();
    const stamp = stampPerTurn(store.read);
    const first = stamp();
    store.write();
    const second = stamp();
    expect(await Promise.all([first, second])).toEqual([2, 2]);
  });

  it('rejects every request of a turn whose read fails, and reads anew in the next turn', async () => {
    let fail = true;
    const stamp = stampPerTurn(() => {
      if (fail) throw new Error('the store is closed');
      return 7;
    });
    const asked = [stamp(), stamp()];
    await expect(asked[0]).rejects.toThrow('the store is closed');
    await expect(asked[1]).rejects.toThrow('the store is closed');
    fail = false;
    expect(await stamp()).toBe(7);
  });
});
