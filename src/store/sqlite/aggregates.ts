import type { AggregateScope, NumericStats, SurveyStore } from '../survey-store.js';
import { statsOfHistogram, tallyWindow, type TallyKind } from '../tallies.js';
import { NamedParams, sqliteFilters } from './database.js';
import type { SqliteStatements } from './statements.js';

const { answerFilterSql, tallySql } = sqliteFilters;

type AggregateStore = Pick<SurveyStore, 'countAnswered' | 'countChoices' | 'numberDistribution' | 'numericStats' | 'dateRange' | 'latestTexts'>;

/**
 * Aggregates the rollup answers stay on this connection (a few thousand tally rows); those that
 * walk the answer index (`where`, segments without a rollup, text and dates) may scan hundreds of
 * thousands of entries and run off the event loop (`scanning`).
 */
export function sqliteAggregateStore({ one, all, scanning }: SqliteStatements): AggregateStore {
  const aggregate = (scope: AggregateScope, select: string, extra = '', tail = '', join = '') => {
    const params = new NamedParams();
    const where = answerFilterSql(scope, params);
    return { sql: `SELECT ${select} FROM answers a ${join} WHERE ${where}${extra} ${tail}`, bindings: params.values };
  };

  /** Rows of one tally kind when the rollup can answer the scope (see `tallyWindow`). */
  const tallied = (kind: TallyKind, scope: AggregateScope) => {
    const window = tallyWindow(scope);
    if (!window) return undefined;
    const params = new NamedParams();
    const sql = tallySql(kind, scope, window, params);
    return all<{ choice_id: string; number: number; n: number }>(sql, params.values);
  };

  return {
    async countAnswered(scope) {
      const tallies = tallied('answered', scope);
      if (tallies) return tallies.reduce((total, row) => total + row.n, 0);
      // Only multiple choice stores several rows per response; counting distinct responses costs a sort.
      const type = one<{ type: string }>('SELECT type FROM questions WHERE id = @id', { id: scope.questionId })?.type;
      const counted = type === 'multiple_choice' ? 'COUNT(DISTINCT a.response_seq)' : 'COUNT(*)';
      const { sql, bindings } = aggregate(scope, `${counted} AS n`);
      return (await scanning.one<{ n: number }>(sql, bindings))!.n;
    },
    async countChoices(scope) {
      const tallies = tallied('choice', scope);
      if (tallies) return new Map(tallies.map((row) => [row.choice_id, row.n]));
      // Grouping by status first follows the index order, so no temporary sort is needed.
      const { sql, bindings } = aggregate(scope, 'a.choice_id, COUNT(*) AS n', ' AND a.choice_id IS NOT NULL', 'GROUP BY a.status, a.choice_id');
      const counts = new Map<string, number>();
      for (const row of await scanning.all<{ choice_id: string; n: number }>(sql, bindings)) {
        counts.set(row.choice_id, (counts.get(row.choice_id) ?? 0) + row.n);
      }
      return counts;
    },
    async numberDistribution(scope) {
      const tallies = tallied('number', scope);
      if (tallies) return tallies.map((row) => ({ value: row.number, count: row.n }));
      const { sql, bindings } = aggregate(scope, 'a.number AS value, COUNT(*) AS count', ' AND a.choice_id IS NULL AND a.number IS NOT NULL', 'GROUP BY a.number ORDER BY a.number');
      return scanning.all<{ value: number; count: number }>(sql, bindings);
    },
    async numericStats(scope): Promise<NumericStats> {
      const tallies = tallied('number', scope);
      if (tallies) return statsOfHistogram(tallies.map((row) => ({ value: row.number, count: row.n })));
      const numeric = ' AND a.choice_id IS NULL AND a.number IS NOT NULL';
      const { sql, bindings } = aggregate(scope, 'COUNT(*) AS count, AVG(a.number) AS mean, MIN(a.number) AS min, MAX(a.number) AS max', numeric);
      const stats = (await scanning.one<Omit<NumericStats, 'median'>>(sql, bindings))!;
      if (stats.count === 0) return { ...stats, mean: null, median: null };
      // The median walks the covering index in number order: the middle one or two values.
      const middle = aggregate(scope, 'a.number AS value', numeric, 'ORDER BY a.number LIMIT @take OFFSET @skip');
      const even = stats.count % 2 === 0;
      const middleRows = await scanning.all<{ value: number }>(middle.sql, {
        ...middle.bindings,
        take: even ? 2 : 1,
        skip: even ? stats.count / 2 - 1 : (stats.count - 1) / 2,
      });
      const values = middleRows.map((row) => row.value);
      const median = values.reduce((sum, value) => sum + value, 0) / values.length;
      return { ...stats, median };
    },
    async dateRange(scope) {
      const { sql, bindings } = aggregate(scope, 'MIN(a.text) AS earliest, MAX(a.text) AS latest', ' AND a.choice_id IS NULL AND a.number IS NULL');
      return (await scanning.one<{ earliest: string | null; latest: string | null }>(sql, bindings))!;
    },
    async latestTexts(scope, limit) {
      const { sql, bindings } = aggregate(
        scope,
        'r.id AS responseId, a.text AS text, a.submitted_at AS submittedAt',
        ' AND a.choice_id IS NULL AND a.number IS NULL',
        'ORDER BY a.submitted_at DESC, a.response_seq DESC LIMIT @limit',
        'JOIN responses r ON r.seq = a.response_seq',
      );
      // Unfiltered, the newest few are a seek; a `where` or segment test may walk the whole question.
      const read = scope.filter.where || scope.segment ? scanning.all : async <T>(text: string, values: typeof bindings) => all<T>(text, values);
      return read<{ responseId: string; text: string; submittedAt: number }>(sql, { ...bindings, limit });
    },
  };
}
