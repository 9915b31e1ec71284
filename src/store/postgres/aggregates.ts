import type { AggregateScope, NumericStats, SurveyStore } from '../survey-store.js';
import { statsOfHistogram, tallyWindow, type TallyKind } from '../tallies.js';
import type { Queryable } from '../queryable.js';
import { Params, postgresFilters } from './database.js';

const { answerFilterSql, tallySql } = postgresFilters;

type AggregateStore = Pick<SurveyStore, 'countAnswered' | 'countChoices' | 'numberDistribution' | 'numericStats' | 'dateRange' | 'latestTexts'>;

/**
 * Aggregates the rollup answers read `db`; those that walk the answer index (`where`, segments
 * without a rollup, text and dates) may scan hundreds of thousands of entries and read through
 * `scanning` (at most half the pool, in fair turns: PostgresDatabase.scanning).
 */
export function postgresAggregateStore(db: Queryable, scanning: Pick<Queryable, 'rows' | 'one'>): AggregateStore {
  const aggregate = (scope: AggregateScope, select: string, extra = '', tail = '', join = '') => {
    const params = new Params();
    const where = answerFilterSql(scope, params);
    return { sql: `SELECT ${select} FROM answers a ${join} WHERE ${where}${extra} ${tail}`, params };
  };
  const numeric = ' AND a.choice_id IS NULL AND a.number IS NOT NULL';
  /** Rows of one tally kind when the rollup can answer the scope (see `tallyWindow`). */
  const tallied = async (kind: TallyKind, scope: AggregateScope) => {
    const window = tallyWindow(scope);
    if (!window) return undefined;
    const params = new Params();
    const sql = tallySql(kind, scope, window, params);
    return db.rows<{ choice_id: string; number: number; n: number }>(sql, params.values);
  };
  const textual = ' AND a.choice_id IS NULL AND a.number IS NULL';

  return {
    async countAnswered(scope) {
      const tallies = await tallied('answered', scope);
      if (tallies) return tallies.reduce((total, row) => total + row.n, 0);
      // Only multiple choice stores several rows per response; counting distinct responses costs a sort.
      const type = (await db.one<{ type: string }>('SELECT type FROM questions WHERE id = $1', [scope.questionId]))?.type;
      const counted = type === 'multiple_choice' ? 'COUNT(DISTINCT a.response_seq)' : 'COUNT(*)';
      const { sql, params } = aggregate(scope, `${counted} AS n`);
      return (await scanning.one<{ n: number }>(sql, params.values))!.n;
    },
    async countChoices(scope) {
      const tallies = await tallied('choice', scope);
      if (tallies) return new Map(tallies.map((row) => [row.choice_id, row.n]));
      // Ordered as SQLite's GROUP BY status, choice_id yields them, so both backends fill the map alike.
      const { sql, params } = aggregate(scope, 'a.choice_id, COUNT(*) AS n', ' AND a.choice_id IS NOT NULL', 'GROUP BY a.choice_id ORDER BY MIN(a.status), a.choice_id');
      const rows = await scanning.rows<{ choice_id: string; n: number }>(sql, params.values);
      return new Map(rows.map((row) => [row.choice_id, row.n]));
    },
    async numberDistribution(scope) {
      const tallies = await tallied('number', scope);
      if (tallies) return tallies.map((row) => ({ value: row.number, count: row.n }));
      const { sql, params } = aggregate(scope, 'a.number AS value, COUNT(*) AS count', numeric, 'GROUP BY a.number ORDER BY a.number');
      return scanning.rows<{ value: number; count: number }>(sql, params.values);
    },
    async numericStats(scope): Promise<NumericStats> {
      const tallies = await tallied('number', scope);
      if (tallies) return statsOfHistogram(tallies.map((row) => ({ value: row.number, count: row.n })));
      // The lower and upper middle values: percentile_disc(0.5) ascending and descending. Their
      // mean is the median exactly as SQLite's store computes it (one value twice when the count is odd).
      const { sql, params } = aggregate(
        scope,
        `COUNT(*) AS count, AVG(a.number) AS mean, MIN(a.number) AS min, MAX(a.number) AS max,
         percentile_disc(0.5) WITHIN GROUP (ORDER BY a.number) AS lower,
         percentile_disc(0.5) WITHIN GROUP (ORDER BY a.number DESC) AS upper`,
        numeric,
      );
      const { lower, upper, ...stats } = (await scanning.one<NumericStats & { lower: number | null; upper: number | null }>(sql, params.values))!;
      if (stats.count === 0) return { ...stats, mean: null, median: null };
      return { ...stats, median: (lower! + upper!) / 2 };
    },
    async dateRange(scope) {
      const { sql, params } = aggregate(scope, 'MIN(a.text) AS earliest, MAX(a.text) AS latest', textual);
      return (await scanning.one<{ earliest: string | null; latest: string | null }>(sql, params.values))!;
    },
    async latestTexts(scope, limit) {
      const { sql, params } = aggregate(
        scope,
        'r.id AS "responseId", a.text AS text, a.submitted_at AS "submittedAt"',
        textual,
        'ORDER BY a.submitted_at DESC, a.response_seq DESC',
        'JOIN responses r ON r.seq = a.response_seq',
      );
      // Unfiltered, the newest few are a seek; a `where` or segment test may walk the whole question.
      const read = scope.filter.where || scope.segment ? scanning : db;
      return read.rows<{ responseId: string; text: string; submittedAt: number }>(`${sql} LIMIT ${params.add(limit)}`, params.values);
    },
  };
}
