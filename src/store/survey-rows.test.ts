import { describe, expect, it } from 'vitest';
import type { Question } from './survey-store.js';
import { questionShift } from './survey-rows.js';

const at = (position: number) => ({ position }) as Question;

describe('questionShift', () => {
  it('moves nothing when the question stays where it is', () => {
    expect(questionShift(at(3), 3)).toBeUndefined();
  });

  it('pulls the questions it passes up by one when it moves down the survey', () => {
    expect(questionShift(at(2), 5)).toEqual({ shift: -1, from: 3, to: 5 });
  });

  it('pushes the questions it passes down by one when it moves up the survey', () => {
    expect(questionShift(at(5), 2)).toEqual({ shift: 1, from: 2, to: 4 });
  });
});
