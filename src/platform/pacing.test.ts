import { describe, expect, it } from 'vitest';
import { pacedMap, pacer, sliceMs } from './pacing.js';

/** A clock the test moves, and a count of the turns other requests got (setImmediate callbacks run). */
function harness() {
  let time = 0;
  let turns = 0;
  const otherRequest = () => {
    turns += 1;
  };
  return {
    clock: () => time,
    spend: (ms: number) => {
      time += ms;
    },
    queueOtherRequest: () => setImmediate(otherRequest),
    turns: () => turns,
  };
}

describe('pacer', () => {
  it('lets waiting requests run once a slice of work has passed, and not before', async () => {
    const h = harness();
    const pace = pacer(h.clock);
    h.queueOtherRequest();
    h.spend(sliceMs - 1);
    await pace();
    expect(h.turns()).toBe(0);
    h.spend(1);
    await pace();
    expect(h.turns()).toBe(1);
    h.queueOtherRequest();
    await pace();
    expect(h.turns()).toBe(1);
  });
});

describe('pacedMap', () => {
  it('keeps the order of the items and runs them a chunk at a time', async () => {
    const running: number[] = [];
    let most = 0;
    const work = async (item: number) => {
      running.push(item);
      most = Math.max(most, running.length);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running.splice(running.indexOf(item), 1);
      return item * 10;
    };
    expect(await pacedMap([1, 2, 3, 4, 5], work, async () => {}, 2)).toEqual([10, 20, 30, 40, 50]);
    expect(most).toBe(2);
  });
});
