import { grantOfRefreshTokenSql, purgeArguments, purgeStatements, type PurgedRows, type TokenUpkeepStore } from '../token-upkeep.js';
import type { PostgresDatabase } from './database.js';

export function postgresTokenUpkeep(db: PostgresDatabase): TokenUpkeepStore {
  return {
    async grantOfRefreshToken(tokenHash) {
      return (await db.one<{ grant_id: string }>(grantOfRefreshTokenSql, [tokenHash]))?.grant_id;
    },
    async purgeUnusableRows(nowMs) {
      // One statement per table, each atomic on its own: a row either still serves or is gone.
      const values = purgeArguments(nowMs);
      const counts: Record<string, number> = {};
      for (const [table, [sql, parameters]] of Object.entries(purgeStatements)) {
        counts[table] = await db.run(sql, parameters.map((name) => values[name]));
      }
      return counts as unknown as PurgedRows;
    },
  };
}
