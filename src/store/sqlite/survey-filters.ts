import type { AggregateScope, AnswerCondition, ResponseFilter } from '../survey-store.js';

export type Bindings = Record<string, string | number | bigint | null>;

const statusList = (column: string, statuses: readonly string[], bindings: Bindings): string[] => {
  if (statuses.length === 0) return [];
  const names = statuses.map((status, index) => {
    bindings[`status${index}`] = status;
    return `@status${index}`;
  });
  return [`${column} IN (${names.join(', ')})`];
};

const timeBounds = (column: string, filter: ResponseFilter, bindings: Bindings): string[] => {
  const conditions: string[] = [];
  if (filter.submittedFrom !== undefined) {
    conditions.push(`${column} >= @submittedFrom`);
    bindings.submittedFrom = filter.submittedFrom;
  }
  if (filter.submittedBefore !== undefined) {
    conditions.push(`${column} < @submittedBefore`);
    bindings.submittedBefore = filter.submittedBefore;
  }
  return conditions;
};

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** An answer-row test for `where`; `alias` is the answers table alias. */
export function conditionSql(alias: string, condition: AnswerCondition, bindings: Bindings): string {
  const parts = [`${alias}.question_id = @whereQuestion`];
  bindings.whereQuestion = condition.questionId;
  if (condition.choiceId !== undefined) {
    parts.push(`${alias}.choice_id = @whereChoice`);
    bindings.whereChoice = condition.choiceId;
  }
  if (condition.min !== undefined) {
    parts.push(`${alias}.number >= @whereMin`);
    bindings.whereMin = condition.min;
  }
  if (condition.max !== undefined) {
    parts.push(`${alias}.number <= @whereMax`);
    bindings.whereMax = condition.max;
  }
  if (condition.contains !== undefined) {
    parts.push(`${alias}.text LIKE @whereContains ESCAPE '\\'`);
    bindings.whereContains = `%${escapeLike(condition.contains)}%`;
  }
  return parts.join(' AND ');
}

/**
 * WHERE clause over `responses r` for a list or count. Lookups of one response's answers name
 * their index: without statistics the planner would scan the whole question instead.
 */
export function responseFilterSql(filter: ResponseFilter, bindings: Bindings): string {
  bindings.surveyId = filter.surveyId;
  const conditions = [
    'r.survey_id = @surveyId',
    ...statusList('r.status', filter.statuses, bindings),
    ...timeBounds('r.submitted_at', filter, bindings),
  ];
  if (filter.where) {
    conditions.push(
      `EXISTS (SELECT 1 FROM answers w INDEXED BY answers_response WHERE w.response_seq = r.seq AND ${conditionSql('w', filter.where, bindings)})`,
    );
  }
  return conditions.join(' AND ');
}

/**
 * WHERE clause over `answers a` for an aggregate. It never touches `responses`: status and
 * submitted_at are copied onto each answer so the covering index answers alone.
 */
export function answerFilterSql(scope: AggregateScope, bindings: Bindings): string {
  bindings.questionId = scope.questionId;
  const conditions = [
    'a.question_id = @questionId',
    ...statusList('a.status', scope.filter.statuses, bindings),
    ...timeBounds('a.submitted_at', scope.filter, bindings),
  ];
  if (scope.segment) {
    conditions.push(
      `EXISTS (SELECT 1 FROM answers s INDEXED BY answers_response WHERE s.response_seq = a.response_seq
         AND s.question_id = @segmentQuestion AND s.choice_id = @segmentChoice)`,
    );
    bindings.segmentQuestion = scope.segment.questionId;
    bindings.segmentChoice = scope.segment.choiceId;
  }
  return conditions.join(' AND ');
}
