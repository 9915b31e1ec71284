import { describe, expect, it } from 'vitest';
import { editAttempts, retryDelayMs, runEdit, surveyQueues, type EditFailure } from './edit-policy.js';
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

describe('surveyQueues', () => {
  const unit = (log: string[], name: string, fail = false) => async () => {
    log.push(`${name} starts`);
    await new Promise((resolve) => setTimeout(resolve, 2));
    log.push(`${name} ends`);
    if (fail) throw new Error(name);
    return name;
  };

  it('runs the units of one survey one at a time in arrival order, past a failing one', async () => {
    const queued = surveyQueues();
    const log: string[] = [];
    const results = await Promise.allSettled([queued('srv_a', unit(log, 'a')), queued('srv_a', unit(log, 'b', true)), queued('srv_a', unit(log, 'c'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });

  it('runs units of different surveys side by side', async () => {
    const queued = surveyQueues();
    const log: string[] = [];
    await Promise.all([queued('srv_a', unit(log, 'a')), queued('srv_b', unit(log, 'b'))]);
    expect(log.slice(0, 2)).toEqual(['a starts', 'b starts']);
  });

  it('fails a unit that waited longer than the lock timeout as contention, never runs it, and runs the next', async () => {
    const queued = surveyQueues(20);
    let release!: () => void;
    const holding = queued('srv_a', () => new Promise<void>((resolve) => (release = resolve)));
    let ran = false;
    const waiting = queued('srv_a', async () => {
      ran = true;
    });
    const error = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreContentionError);
    expect((error as Error).message).toContain("survey 'srv_a' is being changed by other requests");
    release();
    await holding;
    expect(await queued('srv_a', async () => 'next')).toBe('next');
    expect(ran).toBe(false);
  });
});
