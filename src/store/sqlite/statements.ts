import type { Queryable } from '../queryable.js';
import type { Bindings, SqliteDatabase } from './database.js';
import type { SqliteReadPool } from './read-pool.js';

/** The connection with a cache of its prepared statements, shared by every survey-store module. */
export interface SqliteStatements {
  readonly db: SqliteDatabase;
  prepared(sql: string): ReturnType<SqliteDatabase['prepare']>;
  one<T>(sql: string, bindings?: Bindings): T | undefined;
  all<T>(sql: string, bindings?: Bindings): T[];
  run(sql: string, bindings?: Bindings): ReturnType<ReturnType<SqliteDatabase['prepare']>['run']>;
  /** The same cache behind the interface of the modules written once for both backends. */
  readonly queryable: Queryable;
  /**
   * For reads that may scan (filters over a survey's answers): on the read pool's threads, off
   * the event loop, where the store has a file (read-pool.ts); on this connection for `:memory:`,
   * which no other connection can open.
   */
  readonly scanning: {
    one<T>(sql: string, bindings: Bindings): Promise<T | undefined>;
    all<T>(sql: string, bindings: Bindings): Promise<T[]>;
  };
}

/** `$1`, `$2`, … are names to SQLite: the values bind under them in order. */
const positional = (params: readonly unknown[] = []): Bindings =>
  Object.fromEntries(params.map((value, index) => [index + 1, value as Bindings[string]]));

export function sqliteStatements(db: SqliteDatabase, reads?: SqliteReadPool): SqliteStatements {
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
    queryable: {
      rows: async <R>(sql: string, params?: readonly unknown[]) => prepared(sql).all(positional(params)) as R[],
      one: async <R>(sql: string, params?: readonly unknown[]) => prepared(sql).get(positional(params)) as R | undefined,
      run: async (sql: string, params?: readonly unknown[]) => prepared(sql).run(positional(params)).changes,
    },
    scanning: reads
      ? { one: (sql, bindings) => reads.read(sql, bindings, true), all: (sql, bindings) => reads.read(sql, bindings, false) }
      : {
          one: async <T>(sql: string, bindings: Bindings) => prepared(sql).get(bindings) as T | undefined,
          all: async <T>(sql: string, bindings: Bindings) => prepared(sql).all(bindings) as T[],
        },
  };
}
