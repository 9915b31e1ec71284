import type { AggregateScope, AnswerCondition, ResponseFilter } from './survey-store.js';
import { tallyStatuses, type TallyKind, type TallyWindow } from './tallies.js';

/** Collects a query's parameters while its text is built: `add(x)` gives the placeholder for x. */
export interface Placeholders {
  add(value: unknown): string;
}

/** Where the backends' SQL differs inside the filters. */
export interface FilterDialect {
  /** Binds a list of texts once; `oneOf` tests a column against what this returned. */
  bindList(values: readonly string[], params: Placeholders): string;
  oneOf(column: string, list: string): string;
  /** Whether `column` matches LIKE `pattern` (a placeholder), ASCII letters folded, backslash escaping. */
  like(column: string, pattern: string): string;
  /** `answers` under `alias`, as a lookup of one response's answers reads it. */
  answersOfResponse(alias: string): string;
}

/** A LIKE pattern matching `text` anywhere, with its wildcards taken literally. */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** How an answer row of each tally kind matches its tally row `t` (one value per answer row). */
const tallyMatch = {
  choice: 'a.choice_id = t.choice_id AND a.number IS NULL',
  number: 'a.choice_id IS NULL AND a.number = t.number',
} as const;

/** The WHERE clauses of responses, aggregates and tallies, written once for both backends. */
export function surveyFilters(dialect: FilterDialect) {
  const statusList = (column: string, statuses: readonly string[], params: Placeholders): string[] =>
    statuses.length === 0 ? [] : [dialect.oneOf(column, dialect.bindList(statuses, params))];

  const timeBounds = (column: string, filter: ResponseFilter, params: Placeholders): string[] => {
    const conditions: string[] = [];
    if (filter.submittedFrom !== undefined) conditions.push(`${column} >= ${params.add(filter.submittedFrom)}`);
    if (filter.submittedBefore !== undefined) conditions.push(`${column} < ${params.add(filter.submittedBefore)}`);
    return conditions;
  };

  /** An answer-row test for `where`; `alias` is the answers table alias. */
  const conditionSql = (alias: string, condition: AnswerCondition, params: Placeholders): string => {
    const parts = [`${alias}.question_id = ${params.add(condition.questionId)}`];
    if (condition.choiceId !== undefined) parts.push(`${alias}.choice_id = ${params.add(condition.choiceId)}`);
    if (condition.min !== undefined) parts.push(`${alias}.number >= ${params.add(condition.min)}`);
    if (condition.max !== undefined) parts.push(`${alias}.number <= ${params.add(condition.max)}`);
    if (condition.contains !== undefined) parts.push(dialect.like(`${alias}.text`, params.add(containing(condition.contains))));
    return parts.join(' AND ');
  };

  /** WHERE clause over `responses r` for a list or count. */
  const responseFilterSql = (filter: ResponseFilter, params: Placeholders): string => {
    const conditions = [
      `r.survey_id = ${params.add(filter.surveyId)}`,
      ...statusList('r.status', filter.statuses, params),
      ...timeBounds('r.submitted_at', filter, params),
    ];
    if (filter.where) {
      conditions.push(
        `EXISTS (SELECT 1 FROM ${dialect.answersOfResponse('w')} WHERE w.response_seq = r.seq AND ${conditionSql('w', filter.where, params)})`,
      );
    }
    return conditions.join(' AND ');
  };

  /** Whether answer row `a` belongs to a response in the segment, given the segment's placeholders. */
  const segmentSql = (question: string, choice: string): string =>
    `EXISTS (SELECT 1 FROM ${dialect.answersOfResponse('s')} WHERE s.response_seq = a.response_seq
      AND s.question_id = ${question} AND s.choice_id = ${choice})`;

  /**
   * WHERE clause over `answers a` for an aggregate. It never touches `responses`: status and
   * submitted_at are copied onto each answer so the covering index answers alone.
   */
  const answerFilterSql = (scope: AggregateScope, params: Placeholders): string => {
    const conditions = [
      `a.question_id = ${params.add(scope.questionId)}`,
      ...statusList('a.status', scope.filter.statuses, params),
      ...timeBounds('a.submitted_at', scope.filter, params),
    ];
    if (scope.segment) conditions.push(segmentSql(params.add(scope.segment.questionId), params.add(scope.segment.choiceId)));
    return conditions.join(' AND ');
  };

  /**
   * Rows (choice_id, number, n) of one tally kind over a scope the rollup can answer: whole days
   * from `answer_tallies` (`segment_tallies` under the segment's key for a segment), edge days from
   * the covering answer index. An edge day's tally rows name the keys answered that day, so each
   * key is a seek to its time range, not a scan of the question; in a segment each answer found
   * there is then tested for membership as on the index path. `answered` counts a response once
   * across its answer rows (multiple choice).
   */
  const tallySql = (kind: TallyKind, scope: AggregateScope, window: TallyWindow, params: Placeholders): string => {
    const question = params.add(scope.questionId);
    const segment = scope.segment && { question: params.add(scope.segment.questionId), choice: params.add(scope.segment.choiceId) };
    const [tallies, key, member] = segment
      ? [
          'segment_tallies',
          `t.segment_question_id = ${segment.question} AND t.segment_choice_id = ${segment.choice} AND `,
          ` AND ${segmentSql(segment.question, segment.choice)}`,
        ]
      : ['answer_tallies', '', ''];
    const statuses = dialect.bindList(tallyStatuses(scope), params);
    const days: string[] = [];
    if (window.fromDay !== undefined) days.push(`AND t.day >= ${params.add(window.fromDay)}`);
    if (window.toDay !== undefined) days.push(`AND t.day < ${params.add(window.toDay)}`);
    const parts = [
      `SELECT t.choice_id, t.number, t.count AS n FROM ${tallies} t
       WHERE ${key}t.question_id = ${question} AND t.kind = '${kind}' AND ${dialect.oneOf('t.status', statuses)} ${days.join(' ')}`,
    ];
    for (const edge of window.edges) {
      const day = params.add(edge.day);
      const range = `a.submitted_at >= ${params.add(edge.from)} AND a.submitted_at < ${params.add(edge.before)}`;
      // CROSS JOIN keeps the tally rows outside: SQLite has no statistics to choose that order itself.
      const keyed = (match: keyof typeof tallyMatch) => `FROM ${tallies} t CROSS JOIN answers a
        WHERE ${key}t.question_id = ${question} AND ${dialect.oneOf('t.status', statuses)} AND t.day = ${day} AND t.kind = '${match}'
          AND a.question_id = t.question_id AND a.status = t.status AND ${tallyMatch[match]} AND ${range}${member}`;
      if (kind !== 'answered') {
        parts.push(`SELECT t.choice_id, t.number, COUNT(*) AS n ${keyed(kind)} GROUP BY t.choice_id, t.number`);
        continue;
      }
      parts.push(
        `SELECT '' AS choice_id, CAST(0 AS DOUBLE PRECISION) AS number, COUNT(DISTINCT response_seq) AS n FROM (
           SELECT a.response_seq ${keyed('choice')}
           UNION ALL SELECT a.response_seq ${keyed('number')}
           UNION ALL SELECT a.response_seq FROM answers a WHERE a.question_id = ${question} AND ${dialect.oneOf('a.status', statuses)}
             AND a.choice_id IS NULL AND a.number IS NULL AND ${range}${member}) AS answered`,
      );
    }
    return `SELECT choice_id, number, CAST(SUM(n) AS BIGINT) AS n FROM (${parts.join(' UNION ALL ')}) AS tallies
      GROUP BY choice_id, number HAVING SUM(n) > 0 ORDER BY choice_id, number`;
  };

  return { conditionSql, responseFilterSql, answerFilterSql, tallySql };
}
