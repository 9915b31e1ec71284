import { describe, expect, it } from 'vitest';
import { nps, percent, statsOfBuckets } from './aggregates.js';

describe('aggregate arithmetic', () => {
  it('scores NPS as % promoters (9–10) minus % detractors (0–6), one decimal', () => {
    const buckets = [{ value: 3, count: 1 }, { value: 6, count: 2 }, { value: 7, count: 1 }, { value: 9, count: 2 }, { value: 10, count: 1 }];
    expect(nps(buckets)).toEqual({
      promoters: 3,
      passives: 1,
      detractors: 3,
      promoters_percent: 42.9,
      passives_percent: 14.3,
      detractors_percent: 42.9,
      score: 0,
    });
    expect(nps([{ value: 10, count: 2 }, { value: 0, count: 1 }]).score).toBe(33.3);
    expect(nps([]).score).toBeNull();
  });
  it('takes mean, median (middle pair averaged), min and max from a histogram', () => {
    expect(statsOfBuckets([{ value: 1, count: 1 }, { value: 2, count: 1 }, { value: 4, count: 2 }])).toEqual({ count: 4, mean: 2.75, median: 3, min: 1, max: 4 });
    expect(statsOfBuckets([{ value: 5, count: 3 }])).toEqual({ count: 3, mean: 5, median: 5, min: 5, max: 5 });
    expect(statsOfBuckets([]).mean).toBeNull();
  });
  it('gives percentages with one decimal and 0 of nothing', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(0, 0)).toBe(0);
  });
});
