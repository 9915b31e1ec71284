/** Pure arithmetic over SQL aggregates: percentages, NPS and statistics of a value histogram. */
import { statsOfHistogram } from '../store/tallies.js';

const round = (value: number, places: number): number => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};

/** Percent with one decimal; 0 when nothing was counted. */
export const percent = (count: number, total: number): number => (total === 0 ? 0 : round((100 * count) / total, 1));

export const roundStat = (value: number | null): number | null => (value === null ? null : round(value, 2));

export interface Bucket {
  readonly value: number;
  readonly count: number;
}

export interface NpsJson {
  promoters: number;
  passives: number;
  detractors: number;
  promoters_percent: number;
  passives_percent: number;
  detractors_percent: number;
  /** % promoters − % detractors, from −100 to 100, one decimal. */
  score: number | null;
}

/** Promoters answer 9–10, passives 7–8, detractors 0–6. */
export function nps(buckets: readonly Bucket[]): NpsJson {
  const sum = (test: (value: number) => boolean) =>
    buckets.filter((b) => test(b.value)).reduce((total, b) => total + b.count, 0);
  const promoters = sum((v) => v >= 9);
  const passives = sum((v) => v >= 7 && v < 9);
  const detractors = sum((v) => v < 7);
  const total = promoters + passives + detractors;
  return {
    promoters,
    passives,
    detractors,
    promoters_percent: percent(promoters, total),
    passives_percent: percent(passives, total),
    detractors_percent: percent(detractors, total),
    score: total === 0 ? null : round((100 * (promoters - detractors)) / total, 1),
  };
}

export interface StatsJson {
  count: number;
  mean: number | null;
  median: number | null;
  min: number | null;
  max: number | null;
}

/**
 * Statistics of a small histogram (ascending values), as GROUP BY returns it: the store's own
 * exact figures (one median rule for every path), rounded for people.
 */
export function statsOfBuckets(buckets: readonly Bucket[]): StatsJson {
  const { count, mean, median, min, max } = statsOfHistogram(buckets);
  return { count, mean: roundStat(mean), median: roundStat(median), min, max };
}
