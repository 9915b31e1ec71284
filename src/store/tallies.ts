/**
 * The answer rollup both backends keep in `answer_tallies`: per question, status and UTC day,
 * how many responses answered, how many answers chose each choice, and how many gave each
 * numeric value. Aggregates read whole days from it and only the partial edge days of a time
 * window from the answers, so their cost follows the number of distinct values, not of answers.
 * `segment_tallies` holds the same rollup once per segment (a choice of a single-choice question)
 * over the responses in it, so segmented aggregates read it the same way.
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

/** A tally over the responses that gave `segmentChoiceId` to the single-choice `segmentQuestionId`. */
export interface SegmentTally extends Tally {
  readonly segmentQuestionId: string;
  readonly segmentChoiceId: string;
}

export const dayOf = (time: number): number => Math.floor(time / dayMs);

/** Both rollups' increments of a batch of responses, one per key. */
export interface Rollup {
  readonly tallies: Tally[];
  readonly segmentTallies: SegmentTally[];
}

/**
 * The increments of a batch: for `answer_tallies`, each response's keys (the same shapes as the
 * SQL backfill of migration 004: a row with a choice is a choice answer, one without a choice but
 * with a number a numeric answer); for `segment_tallies`, the same keys once for every segment the
 * response is in, that is every distinct choice it gave to one of `segmentQuestions` (the
 * single-choice questions of its survey), the membership the answer-index path tests and the
 * backfill of migration 005 uses. One pass, and an object only per new key: it runs on every insert.
 */
export function rollupOf(responses: readonly SurveyResponse[], segmentQuestions: ReadonlySet<string>): Rollup {
  const tallies = new Map<string, Tally>();
  const segmentTallies = new Map<string, SegmentTally>();
  for (const { surveyId, status, submittedAt, answers } of responses) {
    const day = dayOf(submittedAt);
    const segments = new Map<string, { segmentQuestionId: string; segmentChoiceId: string }>();
    for (const { questionId, choiceId } of answers) {
      if (choiceId !== null && segmentQuestions.has(questionId)) {
        segments.set(`${questionId}\u0000${choiceId}`, { segmentQuestionId: questionId, segmentChoiceId: choiceId });
      }
    }
    const add = (questionId: string, kind: TallyKind, choiceId: string, number: number) => {
      const id = `${questionId}\u0000${kind}\u0000${status}\u0000${day}\u0000${choiceId}\u0000${number}`;
      const found = tallies.get(id);
      if (found) found.count += 1;
      else tallies.set(id, { surveyId, questionId, kind, status, day, choiceId, number, count: 1 });
      for (const [segmentId, segment] of segments) {
        const segmentFound = segmentTallies.get(`${segmentId}\u0000${id}`);
        if (segmentFound) segmentFound.count += 1;
        else segmentTallies.set(`${segmentId}\u0000${id}`, { ...segment, surveyId, questionId, kind, status, day, choiceId, number, count: 1 });
      }
    };
    const answered = new Set<string>();
    for (const { questionId, choiceId, number } of answers) {
      answered.add(questionId);
      if (choiceId !== null) add(questionId, 'choice', choiceId, 0);
      else if (number !== null) add(questionId, 'number', '', number);
    }
    for (const questionId of answered) add(questionId, 'answered', '', 0);
  }
  return { tallies: [...tallies.values()], segmentTallies: [...segmentTallies.values()] };
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
 * an answer condition needs each response's other answers, and a window without a whole day in
 * it is all edge. A segment reads `segment_tallies`.
 */
export function tallyWindow(scope: AggregateScope): TallyWindow | undefined {
  if (scope.filter.where) return undefined;
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
