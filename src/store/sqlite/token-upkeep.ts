import { grantOfRefreshTokenSql, purgeArguments, purgeStatements, type PurgedRows, type TokenUpkeepStore } from '../token-upkeep.js';
import type { SqliteDatabase } from './database.js';
import { anonymousParameters } from './shared-sql.js';

const anonymous = anonymousParameters;

export function sqliteTokenUpkeep(db: SqliteDatabase): TokenUpkeepStore {
  const grantOf = db.prepare<[string], { grant_id: string }>(anonymous(grantOfRefreshTokenSql));
  const statements = Object.entries(purgeStatements).map(([table, [sql, parameters]]) => ({ table, statement: db.prepare(anonymous(sql)), parameters }));
  const purge = db.transaction((nowMs: number) => {
    const values = purgeArguments(nowMs);
    const counts: Record<string, number> = {};
    for (const { table, statement, parameters } of statements) counts[table] = statement.run(...parameters.map((name) => values[name])).changes;
    return counts as unknown as PurgedRows;
  });
  return {
    async grantOfRefreshToken(tokenHash) {
      return grantOf.get(tokenHash)?.grant_id;
    },
    async purgeUnusableRows(nowMs) {
      return purge.immediate(nowMs);
    },
  };
}
