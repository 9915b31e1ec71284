import type { AggregateScope, Question, ResponseFilter } from '../store/survey-store.js';
import { openSurvey } from './access.js';
import { nps, percent, roundStat, statsOfBuckets, type NpsJson } from './aggregates.js';
import type { PlatformContext } from './context.js';
import { validationFailed } from './errors.js';
import { cutText, iso } from './present.js';
import { isChoiceType, isTextType } from './question-rules.js';
import { countMatching, questionOf, responseFilter, type ResponseFilterArgs } from './responses.js';
import { pacedMap, pacer } from './pacing.js';
import { can } from './roles.js';

/** How many of the newest text answers a result shows. */
export const textSampleSize = 5;

export interface GetSurveyResultsArgs extends ResponseFilterArgs {
  /** A single_choice question: every aggregate is repeated per choice. */
  segment_by?: string;
}

export interface QuestionResultJson {
  question_id: string;
  type: Question['type'];
  text: string;
  /** Responses that answered this question. */
  answered: number;
  choices?: Array<{ choice_id: string; label: string; count: number; percent: number }>;
  distribution?: Array<{ value: number; count: number; percent: number }>;
  mean?: number | null;
  median?: number | null;
  min?: number | null;
  max?: number | null;
  nps?: NpsJson;
  earliest?: string | null;
  latest?: string | null;
  samples?: Array<{ response_id: string; text: string; truncated: boolean; submitted_at: string }>;
  /** Why samples are missing (text answers need the analyst role). */
  samples_hidden?: string;
}

export interface SegmentJson {
  choice_id: string;
  label: string;
  response_count: number;
  questions: QuestionResultJson[];
}

export interface GetSurveyResultsResult {
  survey_id: string;
  filters: { status: string; submitted_after: string | null; submitted_before: string | null };
  response_count: number;
  questions: QuestionResultJson[];
  segmented_by?: { question_id: string; text: string; segments: SegmentJson[] };
}

export async function getSurveyResults(
  ctx: PlatformContext,
  actorUserId: string,
  args: GetSurveyResultsArgs,
): Promise<GetSurveyResultsResult> {
  const { survey, role } = await openSurvey(ctx, actorUserId, args.survey_id, 'view', 'view');
  const questions = await ctx.store.listQuestions(survey.id);
  // Results describe completed responses unless another status is asked for.
  const { filter, selected } = responseFilter(survey, questions, args, ['completed']);
  const segmentQuestion = args.segment_by === undefined ? undefined : questionOf(survey, questions, args.segment_by);
  if (segmentQuestion && segmentQuestion.type !== 'single_choice') {
    throw validationFailed(`'segment_by' must be a single_choice question, '${segmentQuestion.id}' is ${segmentQuestion.type}`);
  }
  const showText = can(role, 'view_responses');
  // Up to 200 questions times 50 segments: thousands of queries, so other requests get turns.
  const pace = pacer();
  const aggregateAll = (segment?: AggregateScope['segment']) =>
    pacedMap(selected, (question) => aggregate(ctx, { filter, questionId: question.id, segment }, question, showText), pace);

  const result: GetSurveyResultsResult = {
    survey_id: survey.id,
    filters: {
      status: filter.statuses.join(','),
      submitted_after: iso(filter.submittedFrom ?? null),
      submitted_before: iso(filter.submittedBefore ?? null),
    },
    response_count: await countMatching(ctx, survey, filter),
    questions: await aggregateAll(),
  };
  if (!segmentQuestion) return result;
  const sizes = await ctx.store.countChoices({ filter, questionId: segmentQuestion.id });
  const segments: SegmentJson[] = [];
  for (const choice of segmentQuestion.choices) {
    segments.push({
      choice_id: choice.id,
      label: choice.label,
      response_count: sizes.get(choice.id) ?? 0,
      questions: await aggregateAll({ questionId: segmentQuestion.id, choiceId: choice.id }),
    });
  }
  return { ...result, segmented_by: { question_id: segmentQuestion.id, text: segmentQuestion.text, segments } };
}

async function aggregate(
  ctx: PlatformContext,
  scope: AggregateScope,
  question: Question,
  showText: boolean,
): Promise<QuestionResultJson> {
  const base = { question_id: question.id, type: question.type, text: question.text };
  const { store } = ctx;
  if (isChoiceType(question.type)) {
    const counts = await store.countChoices(scope);
    // One row per answer on single choice, so the counts add up to the respondents; multiple choice must count them.
    const answered =
      question.type === 'single_choice' ? [...counts.values()].reduce((sum, n) => sum + n, 0) : await store.countAnswered(scope);
    const choices = question.choices.map((choice) => {
      const count = counts.get(choice.id) ?? 0;
      return { choice_id: choice.id, label: choice.label, count, percent: percent(count, answered) };
    });
    return { ...base, answered, choices };
  }
  if (question.type === 'rating' || question.type === 'nps') {
    const buckets = await store.numberDistribution(scope);
    const { count, ...stats } = statsOfBuckets(buckets);
    const distribution = buckets.map((b) => ({ value: b.value, count: b.count, percent: percent(b.count, count) }));
    return { ...base, answered: count, ...stats, distribution, ...(question.type === 'nps' ? { nps: nps(buckets) } : {}) };
  }
  if (question.type === 'number') {
    const { count, mean, median, min, max } = await store.numericStats(scope);
    return { ...base, answered: count, mean: roundStat(mean), median: roundStat(median), min, max };
  }
  if (question.type === 'date') {
    const [answered, range] = await Promise.all([store.countAnswered(scope), store.dateRange(scope)]);
    return { ...base, answered, ...range };
  }
  const answered = await store.countAnswered(scope);
  if (!isTextType(question.type) || !showText) {
    return { ...base, answered, samples_hidden: 'text answers need the analyst role or above' };
  }
  const samples = (await store.latestTexts(scope, textSampleSize)).map((sample) => ({
    response_id: sample.responseId,
    ...cutText(sample.text),
    submitted_at: iso(sample.submittedAt)!,
  }));
  return { ...base, answered, samples };
}
