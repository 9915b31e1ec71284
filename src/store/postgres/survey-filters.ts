import type { AggregateScope, AnswerCondition, ResponseFilter } from '../survey-store.js';
import type { Params } from './database.js';

const statusList = (column: string, statuses: readonly string[], params: Params): string[] =>
  statuses.length === 0 ? [] : [`${column} = ANY(${params.add(statuses)}::text[])`];

const timeBounds = (column: string, filter: ResponseFilter, params: Params): string[] => {
  const conditions: string[] = [];
  if (filter.submittedFrom !== undefined) conditions.push(`${column} >= ${params.add(filter.submittedFrom)}`);
  if (filter.submittedBefore !== undefined) conditions.push(`${column} < ${params.add(filter.submittedBefore)}`);
  return conditions;
};

/** A LIKE pattern matching `text` anywhere, with its wildcards taken literally. */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** An answer-row test for `where`; `alias` is the answers table alias. */
function conditionSql(alias: string, condition: AnswerCondition, params: Params): string {
  const parts = [`${alias}.question_id = ${params.add(condition.questionId)}`];
  if (condition.choiceId !== undefined) parts.push(`${alias}.choice_id = ${params.add(condition.choiceId)}`);
  if (condition.min !== undefined) parts.push(`${alias}.number >= ${params.add(condition.min)}`);
  if (condition.max !== undefined) parts.push(`${alias}.number <= ${params.add(condition.max)}`);
  // ILIKE under the "C" collation folds ASCII letters only, as SQLite's LIKE does.
  if (condition.contains !== undefined) parts.push(`${alias}.text ILIKE ${params.add(containing(condition.contains))}`);
  return parts.join(' AND ');
}

/** WHERE clause over `responses r` for a list or count. */
export function responseFilterSql(filter: ResponseFilter, params: Params): string {
  const conditions = [
    `r.survey_id = ${params.add(filter.surveyId)}`,
    ...statusList('r.status', filter.statuses, params),
    ...timeBounds('r.submitted_at', filter, params),
  ];
  if (filter.where) {
    conditions.push(
      `EXISTS (SELECT 1 FROM answers w WHERE w.response_seq = r.seq AND ${conditionSql('w', filter.where, params)})`,
    );
  }
  return conditions.join(' AND ');
}

/**
 * WHERE clause over `answers a` for an aggregate. It never touches `responses`: status and
 * submitted_at are copied onto each answer so the covering index answers alone.
 */
export function answerFilterSql(scope: AggregateScope, params: Params): string {
  const conditions = [
    `a.question_id = ${params.add(scope.questionId)}`,
    ...statusList('a.status', scope.filter.statuses, params),
    ...timeBounds('a.submitted_at', scope.filter, params),
  ];
  if (scope.segment) {
    conditions.push(
      `EXISTS (SELECT 1 FROM answers s WHERE s.response_seq = a.response_seq
         AND s.question_id = ${params.add(scope.segment.questionId)} AND s.choice_id = ${params.add(scope.segment.choiceId)})`,
    );
  }
  return conditions.join(' AND ');
}
