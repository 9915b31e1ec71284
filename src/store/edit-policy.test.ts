import { describe, expect, it } from 'vitest';
import { editAttempts, retryDelayMs, runEdit, serialQueue, type EditFailure } from './edit-policy.js';
import { StoreContentionError } from './errors.js';

class Coded extends Error {
  constructor(readonly failure: EditFailure) {
    super(failure);
  }
}

const classify = (error: unknown): EditFailure => (error instanceof Coded ? error.failure : 'other');

/** A unit that fails with each of `failures` in turn, then succeeds; records the pauses taken. */
function flaky(failures: EditFailure[]) {
  const pauses: number[] = [];
  let calls = 0;
  const unit = async () => {
    const failure = failures[calls++];
    if (failure) throw new Coded(failure);
    return `done after ${calls}`;
  };
  return { pauses, unit, wait: async (ms: number) => void pauses.push(ms), calls: () => calls };
}

describe('runEdit', () => {
  it('retries transient failures with growing pauses and returns what the unit returns', async () => {
    const { unit, wait, pauses } = flaky(['transient', 'transient']);
    expect(await runEdit('srv_1', unit, classify, wait)).toBe('done after 3');
    expect(pauses).toHaveLength(2);
    expect(pauses[1]!).toBeGreaterThan(0);
  });

  it(`gives up after ${editAttempts} attempts with a StoreContentionError naming the survey`, async () => {
    const { unit, wait, calls } = flaky(Array(10).fill('transient'));
    const error = await runEdit('srv_1', unit, classify, wait).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreContentionError);
    expect(error).toMatchObject({ surveyId: 'srv_1', attempts: editAttempts });
    expect((error as Error).cause).toBeInstanceOf(Coded);
    expect(calls()).toBe(editAttempts);
  });

  it('does not retry a busy survey, and passes any other failure on unchanged', async () => {
    const busy = flaky(['busy']);
    await expect(runEdit('srv_1', busy.unit, classify, busy.wait)).rejects.toMatchObject({ name: 'StoreContentionError', attempts: 1 });
    const other = flaky(['other']);
    await expect(runEdit('srv_1', other.unit, classify, other.wait)).rejects.toBeInstanceOf(Coded);
    expect(other.calls()).toBe(1);
  });
});

describe('retryDelayMs', () => {
  it('doubles per attempt from 5 ms, jittered between half and one and a half times', () => {
    expect(retryDelayMs(1, () => 0)).toBe(2.5);
    expect(retryDelayMs(1, () => 1)).toBe(7.5);
    expect(retryDelayMs(4, () => 0.5)).toBe(40);
  });
});

describe('serialQueue', () => {
  it('runs units one at a time in arrival order, past a failing one', async () => {
    const queue = serialQueue();
    const log: string[] = [];
    const unit = (name: string, fail = false) => async () => {
      log.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, 2));
      log.push(`${name} ends`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([queue(unit('a')), queue(unit('b', true)), queue(unit('c'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });
});
