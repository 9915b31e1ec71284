import type { Bindings, SqliteDatabase } from './database.js';

/** The connection with a cache of its prepared statements, shared by every survey-store module. */
export interface SqliteStatements {
  readonly db: SqliteDatabase;
  prepared(sql: string): ReturnType<SqliteDatabase['prepare']>;
  one<T>(sql: string, bindings?: Bindings): T | undefined;
  all<T>(sql: string, bindings?: Bindings): T[];
  run(sql: string, bindings?: Bindings): ReturnType<ReturnType<SqliteDatabase['prepare']>['run']>;
}

export function sqliteStatements(db: SqliteDatabase): SqliteStatements {
  // Filters vary the SQL text (status lists, optional bounds), so statements are prepared once per shape.
  const statements = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  return {
    db,
    prepared,
    one: <T>(sql: string, bindings: Bindings = {}) => prepared(sql).get(bindings) as T | undefined,
    all: <T>(sql: string, bindings: Bindings = {}) => prepared(sql).all(bindings) as T[],
    run: (sql: string, bindings: Bindings = {}) => prepared(sql).run(bindings),
  };
}
