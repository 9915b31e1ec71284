import { describe, expect, it } from 'vitest';
import { FairTurns } from './fair-turns.js';
import { readerKey } from './reader-key.js';

/** Work that runs until `finish(tag)` is called, noting when it starts. */
function harness() {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const work = (tag: string) => () =>
    new Promise<string>((resolve) => {
      started.push(tag);
      finishers.set(tag, () => resolve(tag));
    });
  const finish = async (tag: string) => {
    finishers.get(tag)!();
    // Let the turn pass on.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { started, work, finish };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('FairTurns', () => {
  it('runs at most its size at once, and passes each freed turn to the next person in turn', async () => {
    const turns = new FairTurns(2);
    const { started, work, finish } = harness();
    const as = ['a1', 'a2', 'a3', 'a4'].map((tag) => readerKey.run({ person: 'alice' }, () => turns.run(work(tag))));
    const b = readerKey.run({ person: 'bob' }, () => turns.run(work('b1')));
    await settle();
    expect(started).toEqual(['a1', 'a2']);
    expect(turns.waiting).toBe(3);
    await finish('a1');
    expect(started).toEqual(['a1', 'a2', 'a3']);
    // Bob's one read goes before the rest of Alice's queue (first come, first served would run a4).
    await finish('a2');
    expect(started).toEqual(['a1', 'a2', 'a3', 'b1']);
    await finish('a3');
    await finish('b1');
    await finish('a4');
    expect(await Promise.all([...as, b])).toEqual(['a1', 'a2', 'a3', 'a4', 'b1']);
  });

  it('drops work whose client has gone when its turn comes, and gives the turn to the next', async () => {
    const turns = new FairTurns(1);
    const { started, work, finish } = harness();
    const gone = new AbortController();
    const first = turns.run(work('first'));
    const dropped = readerKey.run({ person: 'alice', gone: gone.signal }, () => turns.run(work('dropped')));
    const next = readerKey.run({ person: 'bob' }, () => turns.run(work('next')));
    gone.abort();
    await settle();
    await finish('first');
    await expect(dropped).rejects.toThrow('not run: the client of this request has gone');
    expect(started).toEqual(['first', 'next']);
    await finish('next');
    expect([await first, await next]).toEqual(['first', 'next']);
  });
});
