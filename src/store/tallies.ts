/**
 * The answer rollup both backends keep in `answer_tallies`: per question, status and UTC day,
 * how many responses answered, how many answers chose each choice, and how many gave each
 * numeric value. Aggregates read whole days from it and only the partial edge days of a time
 * window from the answers, so their cost follows the number of distinct values, not of answers.
 */
import type { AggregateScope, NumericStats, SurveyResponse } from './survey-store.js';

export const dayMs = 86_400_000;

/** `answered` counts responses; `choice` and `number` count answer rows of that shape. */
export type TallyKind = 'answered' | 'choice' | 'number';

/** Key columns are NOT NULL (so they can form the primary key): '' and 0 stand for "none". */
export interface Tally {
  readonly surveyId: string;
  readonly questionId: string;
  readonly kind: TallyKind;
  readonly status: SurveyResponse['status'];
  readonly day: number;
  readonly choiceId: string;
  readonly number: number;
  count: number;
}

export const dayOf = (time: number): number => Math.floor(time / dayMs);

/**
 * The rollup increments of a batch of responses, one per key. The same shapes as the SQL
 * backfill of migration 004: a row with a choice is a choice answer, one without a choice but
 * with a number a numeric answer.
 */
export function talliesOf(responses: readonly SurveyResponse[]): Tally[] {
  const tallies = new Map<string, Tally>();
  const add = (tally: Omit<Tally, 'count'>) => {
    const key = [tally.questionId, tally.kind, tally.status, tally.day, tally.choiceId, tally.number].join('\u0000');
    const found = tallies.get(key);
    if (found) found.count += 1;
    else tallies.set(key, { ...tally, count: 1 });
  };
  for (const response of responses) {
    const base = { surveyId: response.surveyId, status: response.status, day: dayOf(response.submittedAt) };
    const answered = new Set<string>();
    for (const { questionId, choiceId, number } of response.answers) {
      answered.add(questionId);
      if (choiceId !== null) add({ ...base, questionId, kind: 'choice', choiceId, number: 0 });
      else if (number !== null) add({ ...base, questionId, kind: 'number', choiceId: '', number });
    }
    for (const questionId of answered) add({ ...base, questionId, kind: 'answered', choiceId: '', number: 0 });
  }
  return [...tallies.values()];
}

/** A partial day at the edge of a time window: counted from the answers, between `from` and `before`. */
export interface EdgeDay {
  readonly day: number;
  readonly from: number;
  readonly before: number;
}

/** Whole days `fromDay` (inclusive) to `toDay` (exclusive) come from the rollup; unbounded when absent. */
export interface TallyWindow {
  readonly fromDay?: number;
  readonly toDay?: number;
  readonly edges: readonly EdgeDay[];
}

/**
 * How a scope splits into rollup days and edge days; undefined when the rollup cannot answer it:
 * a segment or an answer condition needs each response's other answers, and a window without a
 * whole day in it is all edge.
 */
export function tallyWindow(scope: AggregateScope): TallyWindow | undefined {
  if (scope.segment || scope.filter.where) return undefined;
  const { submittedFrom: from, submittedBefore: before } = scope.filter;
  const fromDay = from === undefined ? undefined : Math.ceil(from / dayMs);
  const toDay = before === undefined ? undefined : Math.floor(before / dayMs);
  if (fromDay !== undefined && toDay !== undefined && fromDay >= toDay) return undefined;
  const edges: EdgeDay[] = [];
  if (from !== undefined && fromDay !== undefined && from < fromDay * dayMs) edges.push({ day: fromDay - 1, from, before: fromDay * dayMs });
  if (before !== undefined && toDay !== undefined && toDay * dayMs < before) edges.push({ day: toDay, from: toDay * dayMs, before });
  return { ...(fromDay !== undefined && { fromDay }), ...(toDay !== undefined && { toDay }), edges };
}

/** Every status when none is named: the edge lookups seek the answer index status by status. */
export const tallyStatuses = (scope: AggregateScope): ReadonlyArray<SurveyResponse['status']> =>
  scope.filter.statuses.length > 0 ? scope.filter.statuses : ['completed', 'partial', 'disqualified'];

/**
 * Count, mean, min, max and median of a value histogram (ascending). The median is the mean of
 * the lower and upper middle values, as the answer-index path computes it.
 */
export function statsOfHistogram(buckets: ReadonlyArray<{ value: number; count: number }>): NumericStats {
  const count = buckets.reduce((total, bucket) => total + bucket.count, 0);
  if (count === 0) return { count, mean: null, min: null, max: null, median: null };
  const nth = (index: number): number => {
    let seen = 0;
    for (const bucket of buckets) {
      seen += bucket.count;
      if (index < seen) return bucket.value;
    }
    return buckets.at(-1)!.value;
  };
  const sum = buckets.reduce((total, bucket) => total + bucket.value * bucket.count, 0);
  return {
    count,
    mean: sum / count,
    min: buckets[0]!.value,
    max: buckets.at(-1)!.value,
    median: (nth(Math.floor((count - 1) / 2)) + nth(Math.floor(count / 2))) / 2,
  };
}
