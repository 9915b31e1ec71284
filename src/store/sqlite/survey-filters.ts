import type { AggregateScope, AnswerCondition, ResponseFilter } from '../survey-store.js';
import { tallyStatuses, type TallyKind, type TallyWindow } from '../tallies.js';

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
  if (scope.segment) conditions.push(segmentSql(scope.segment, bindings));
  return conditions.join(' AND ');
}

/** Whether answer row `a` belongs to a response in the segment. */
function segmentSql(segment: NonNullable<AggregateScope['segment']>, bindings: Bindings): string {
  bindings.segmentQuestion = segment.questionId;
  bindings.segmentChoice = segment.choiceId;
  return `EXISTS (SELECT 1 FROM answers s INDEXED BY answers_response WHERE s.response_seq = a.response_seq
    AND s.question_id = @segmentQuestion AND s.choice_id = @segmentChoice)`;
}

/** How an answer row of each tally kind matches its tally row `t` (one value per answer row). */
const tallyMatch = {
  choice: 'a.choice_id = t.choice_id AND a.number IS NULL',
  number: 'a.choice_id IS NULL AND a.number = t.number',
} as const;

/**
 * Rows (choice_id, number, n) of one tally kind over a scope the rollup can answer: whole days
 * from `answer_tallies` (`segment_tallies` under the segment's key for a segment), edge days from
 * the covering answer index. An edge day's tally rows name the keys answered that day, so each
 * key is a seek to its time range, not a scan of the question; in a segment each answer found
 * there is then tested for membership as on the index path. `answered` counts a response once
 * across its answer rows (multiple choice).
 */
export function tallySql(kind: TallyKind, scope: AggregateScope, window: TallyWindow, bindings: Bindings): string {
  bindings.questionId = scope.questionId;
  const member = scope.segment ? ` AND ${segmentSql(scope.segment, bindings)}` : '';
  const [tallies, key] = scope.segment
    ? ['segment_tallies', 't.segment_question_id = @segmentQuestion AND t.segment_choice_id = @segmentChoice AND ']
    : ['answer_tallies', ''];
  const statuses = (column: string) => statusList(column, tallyStatuses(scope), bindings)[0]!;
  const days: string[] = [];
  if (window.fromDay !== undefined) {
    days.push('AND t.day >= @fromDay');
    bindings.fromDay = window.fromDay;
  }
  if (window.toDay !== undefined) {
    days.push('AND t.day < @toDay');
    bindings.toDay = window.toDay;
  }
  const parts = [
    `SELECT t.choice_id, t.number, t.count AS n FROM ${tallies} t
     WHERE ${key}t.question_id = @questionId AND t.kind = '${kind}' AND ${statuses('t.status')} ${days.join(' ')}`,
  ];
  window.edges.forEach((edge, index) => {
    Object.assign(bindings, { [`edgeDay${index}`]: edge.day, [`edgeFrom${index}`]: edge.from, [`edgeBefore${index}`]: edge.before });
    const range = `a.submitted_at >= @edgeFrom${index} AND a.submitted_at < @edgeBefore${index}`;
    // CROSS JOIN keeps the tally rows outside: SQLite has no statistics to choose that order itself.
    const keyed = (match: keyof typeof tallyMatch) => `FROM ${tallies} t CROSS JOIN answers a
      WHERE ${key}t.question_id = @questionId AND ${statuses('t.status')} AND t.day = @edgeDay${index} AND t.kind = '${match}'
        AND a.question_id = t.question_id AND a.status = t.status AND ${tallyMatch[match]} AND ${range}${member}`;
    if (kind !== 'answered') {
      parts.push(`SELECT t.choice_id, t.number, COUNT(*) AS n ${keyed(kind)} GROUP BY t.choice_id, t.number`);
      return;
    }
    parts.push(
      `SELECT '' AS choice_id, 0 AS number, COUNT(DISTINCT response_seq) AS n FROM (
         SELECT a.response_seq ${keyed('choice')}
         UNION ALL SELECT a.response_seq ${keyed('number')}
         UNION ALL SELECT a.response_seq FROM answers a WHERE a.question_id = @questionId AND ${statuses('a.status')}
           AND a.choice_id IS NULL AND a.number IS NULL AND ${range}${member})`,
    );
  });
  return `SELECT choice_id, number, SUM(n) AS n FROM (${parts.join(' UNION ALL ')})
    GROUP BY choice_id, number HAVING SUM(n) > 0 ORDER BY choice_id, number`;
}
