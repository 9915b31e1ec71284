import type { AnswerCondition, Question, ResponseFilter, ResponseKey, ResponsePage, ResponseStatus, Survey, SurveyResponse } from '../store/survey-store.js';
import { openSurvey } from './access.js';
import type { PlatformContext } from './context.js';
import { notFound, shown, validationFailed } from './errors.js';
import { decodeCursor, encodeCursor, isTuple, pageSize } from './pagination.js';
import { pacer, type Pace } from './pacing.js';
import { cutText, iso } from './present.js';
import { isChoiceType, isNumericType, isTextType } from './question-rules.js';
import { checkPlainText, parseTime } from './values.js';

export const responseStatuses: readonly ResponseStatus[] = ['completed', 'partial', 'disqualified'];

export interface AnswerJson {
  question_id: string;
  type: Question['type'];
  /** A label (single choice), labels (multiple choice), a number, a text or an ISO date. */
  value: string | number | string[];
  choice_ids?: string[];
  truncated?: boolean;
  question_text?: string;
}

export interface ResponseJson {
  id: string;
  survey_id: string;
  status: ResponseStatus;
  channel: string;
  /** Always null on anonymous surveys. */
  respondent: { email: string | null; name: string | null } | null;
  started_at: string;
  submitted_at: string;
  duration_seconds: number | null;
  answers: AnswerJson[];
}

export interface ResponseWhere {
  question_id: string;
  choice_id?: string;
  min?: number;
  max?: number;
  contains?: string;
}

export interface ResponseFilterArgs {
  survey_id: string;
  status?: ResponseStatus;
  submitted_after?: string;
  submitted_before?: string;
  question_ids?: string[];
}

export interface ListResponsesArgs extends ResponseFilterArgs {
  where?: ResponseWhere;
  limit?: number;
  cursor?: string;
}

export interface ListResponsesResult {
  survey_id: string;
  responses: ResponseJson[];
  next_cursor: string | null;
  total: number;
}

/** The shared filters of `list_responses` and `get_survey_results`, checked against the survey. */
export function responseFilter(
  survey: Survey,
  questions: readonly Question[],
  args: ResponseFilterArgs,
  defaultStatuses: readonly ResponseStatus[],
): { filter: ResponseFilter; selected: Question[] } {
  if (args.status !== undefined && !responseStatuses.includes(args.status)) {
    throw validationFailed(`'status' must be one of ${responseStatuses.join(', ')}, got '${shown(args.status)}'`);
  }
  const from = args.submitted_after === undefined ? undefined : parseTime('submitted_after', args.submitted_after);
  const before = args.submitted_before === undefined ? undefined : parseTime('submitted_before', args.submitted_before);
  if (from !== undefined && before !== undefined && from >= before) {
    throw validationFailed(`'submitted_after' ${shown(args.submitted_after)} is not before 'submitted_before' ${shown(args.submitted_before)}`);
  }
  const selected = args.question_ids === undefined ? [...questions] : selectedQuestions(survey, questions, args.question_ids);
  return {
    filter: {
      surveyId: survey.id,
      statuses: args.status === undefined ? defaultStatuses : [args.status],
      submittedFrom: from,
      submittedBefore: before,
    },
    selected,
  };
}

/** Totals without time or answer filters come from the survey's counters, not a count of rows. */
export async function countMatching(ctx: PlatformContext, survey: Survey, filter: ResponseFilter): Promise<number> {
  if (filter.submittedFrom !== undefined || filter.submittedBefore !== undefined || filter.where) {
    return ctx.store.countResponses(filter);
  }
  const statuses = filter.statuses.length === 0 ? responseStatuses : filter.statuses;
  return statuses.reduce((total, status) => total + survey.responseCounts[status], 0);
}

/** The questions asked for, in the order given; a repeat would only multiply the work. */
function selectedQuestions(survey: Survey, questions: readonly Question[], ids: readonly string[]): Question[] {
  const seen = new Set<string>();
  return ids.map((id) => {
    if (seen.has(id)) throw validationFailed(`'question_ids' has a repeated id '${shown(id)}'`);
    seen.add(id);
    return questionOf(survey, questions, id);
  });
}

export function questionOf(survey: Survey, questions: readonly Question[], id: string): Question {
  const question = questions.find((q) => q.id === id);
  if (!question) throw validationFailed(`question '${shown(id)}' is not a question of survey '${survey.id}'`);
  return question;
}

/** A `where` must fit its question's type: a choice, a numeric range, or a text fragment. */
export function answerCondition(survey: Survey, questions: readonly Question[], where: ResponseWhere): AnswerCondition {
  const question = questionOf(survey, questions, where.question_id);
  const given = (['choice_id', 'min', 'max', 'contains'] as const).filter((key) => where[key] !== undefined);
  const fits = (allowed: readonly string[], hint: string) => {
    const wrong = given.find((key) => !allowed.includes(key));
    if (wrong || given.length === 0) {
      throw validationFailed(`'where' on ${question.type} question '${question.id}' takes ${hint}${wrong ? `, not '${shown(wrong)}'` : ''}`);
    }
  };
  if (isChoiceType(question.type)) {
    fits(['choice_id'], 'choice_id');
    if (!question.choices.some((choice) => choice.id === where.choice_id)) {
      throw validationFailed(`choice '${shown(where.choice_id)}' is not a choice of question '${question.id}'`);
    }
    return { questionId: question.id, choiceId: where.choice_id };
  }
  if (isNumericType(question.type)) {
    fits(['min', 'max'], 'min and/or max');
    for (const key of ['min', 'max'] as const) {
      if (where[key] !== undefined && !Number.isFinite(where[key])) {
        throw validationFailed(`'where.${key}' must be a number, got ${shown(where[key])}`);
      }
    }
    if (where.min !== undefined && where.max !== undefined && where.min > where.max) {
      throw validationFailed(`'where.min' ${where.min} is above 'where.max' ${where.max}`);
    }
    return { questionId: question.id, min: where.min, max: where.max };
  }
  if (isTextType(question.type)) {
    fits(['contains'], 'contains');
    const contains = checkPlainText('where.contains', where.contains!);
    if (contains.trim().length === 0 || contains.length > 200) {
      throw validationFailed(`'where.contains' must be 1 to 200 characters`);
    }
    return { questionId: question.id, contains };
  }
  throw validationFailed(`'where' cannot filter ${question.type} question '${question.id}': use submitted_after/submitted_before for time ranges`);
}

export async function listResponses(ctx: PlatformContext, actorUserId: string, args: ListResponsesArgs): Promise<ListResponsesResult> {
  const { survey } = await openSurvey(ctx, actorUserId, args.survey_id, 'view_responses', 'view responses of');
  const questions = await ctx.store.listQuestions(survey.id);
  const { filter: base, selected } = responseFilter(survey, questions, args, []);
  const filter: ResponseFilter = args.where ? { ...base, where: answerCondition(survey, questions, args.where) } : base;
  const limit = pageSize(args.limit);
  const binding = ['responses', filter, args.question_ids ?? null];
  const after = args.cursor === undefined ? undefined : decodeCursor(args.cursor, binding, isTuple('number', 'number'));
  const pace = pacer();
  const [fetched, total] = await Promise.all([
    readPaced(ctx, filter, after && { submittedAt: after[0], seq: after[1] }, limit + 1, questions.length, pace),
    countMatching(ctx, survey, filter),
  ]);
  const rows = fetched.slice(0, limit);
  const last = rows.at(-1);
  const responses: ResponseJson[] = [];
  for (const response of rows) {
    responses.push(responseJson(survey, selected, response, true));
    await pace();
  }
  return {
    survey_id: survey.id,
    responses,
    next_cursor: fetched.length > limit && last ? encodeCursor(binding, [last.key.submittedAt, last.key.seq]) : null,
    total,
  };
}

/** About this many answer rows per read keeps one read of a page to a few milliseconds. */
const answerRowsPerRead = 1000;

/** `count` responses after `after`, read a few at a time (fewer, the more questions), pacing between reads. */
async function readPaced(
  ctx: PlatformContext,
  filter: ResponseFilter,
  after: ResponseKey | undefined,
  count: number,
  questionCount: number,
  pace: Pace,
): Promise<ResponsePage['responses'][number][]> {
  const perRead = Math.max(1, Math.floor(answerRowsPerRead / Math.max(1, questionCount)));
  const fetched: ResponsePage['responses'][number][] = [];
  let from = after;
  while (fetched.length < count) {
    const take = Math.min(perRead, count - fetched.length);
    const { responses } = await ctx.store.listResponses(filter, from, take);
    fetched.push(...responses);
    if (responses.length < take) break;
    from = responses.at(-1)!.key;
    await pace();
  }
  return fetched;
}

export interface GetResponseArgs {
  response_id: string;
}

export interface GetResponseResult {
  response: ResponseJson;
}

export async function getResponse(ctx: PlatformContext, actorUserId: string, args: GetResponseArgs): Promise<GetResponseResult> {
  const response = await ctx.store.findResponse(args.response_id);
  if (!response) throw notFound('response', args.response_id);
  const { survey } = await openSurvey(ctx, actorUserId, response.surveyId, 'view_responses', 'view responses of');
  const questions = await ctx.store.listQuestions(survey.id);
  const json = responseJson(survey, questions, response, false);
  const texts = new Map(questions.map((q) => [q.id, q.text]));
  return { response: { ...json, answers: json.answers.map((a) => ({ ...a, question_text: texts.get(a.question_id)! })) } };
}

/** Answers grouped per question in survey order; identity is never shown on anonymous surveys. */
function responseJson(survey: Survey, questions: readonly Question[], response: SurveyResponse, cut: boolean): ResponseJson {
  const answers: AnswerJson[] = [];
  for (const question of questions) {
    const rows = response.answers.filter((a) => a.questionId === question.id);
    if (rows.length === 0) continue;
    answers.push(answerJson(question, rows, cut));
  }
  return {
    id: response.id,
    survey_id: response.surveyId,
    status: response.status,
    channel: response.channel,
    respondent: survey.anonymous ? null : { email: response.respondentEmail, name: response.respondentName },
    started_at: iso(response.startedAt)!,
    submitted_at: iso(response.submittedAt)!,
    duration_seconds: response.durationMs === null ? null : Math.round(response.durationMs / 1000),
    answers,
  };
}

function answerJson(question: Question, rows: SurveyResponse['answers'], cut: boolean): AnswerJson {
  const base = { question_id: question.id, type: question.type };
  if (isChoiceType(question.type)) {
    const ids = rows.map((row) => row.choiceId!);
    const labels = ids.map((id) => question.choices.find((choice) => choice.id === id)?.label ?? id);
    return { ...base, value: question.type === 'single_choice' ? labels[0]! : labels, choice_ids: ids };
  }
  if (isNumericType(question.type)) return { ...base, value: rows[0]!.number! };
  if (isTextType(question.type)) {
    const { text, truncated } = cut ? cutText(rows[0]!.text!) : { text: rows[0]!.text!, truncated: false };
    return { ...base, value: text, truncated };
  }
  return { ...base, value: rows[0]!.text! };
}
