import Database from 'better-sqlite3';
import type { Dialect } from '../rows.js';
import { surveyFilters } from '../survey-filters.js';
import { migrations } from './migrations/index.js';

export type SqliteDatabase = Database.Database;

/** Opens (creating if needed) a store file and brings its schema up to date. */
export function openSqliteDatabase(path: string): SqliteDatabase {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // NORMAL under WAL keeps durability across process crashes and skips an fsync per commit.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

export function migrate(db: SqliteDatabase): void {
  const applied = db.pragma('user_version', { simple: true }) as number;
  if (applied > migrations.length) {
    throw new Error(
      `store file schema version ${applied} is newer than this survey-mcp (knows ${migrations.length}); upgrade survey-mcp`,
    );
  }
  const apply = db.transaction((from: number) => {
    for (let version = from; version < migrations.length; version++) {
      db.exec(migrations[version]!);
      db.pragma(`user_version = ${version + 1}`);
    }
  });
  apply.immediate(applied);
}

/** SQLite's types for the columns the dialects differ on (see `Columns`): 0/1 flags, JSON text. */
export interface SqliteColumns {
  readonly flag: number;
  readonly list: string;
  readonly object: string;
}

export const sqliteDialect: Dialect<SqliteColumns> = {
  flag: (value) => value === 1,
  list: (value) => JSON.parse(value) as string[],
  object: (value) => JSON.parse(value) as Record<string, unknown>,
};

export type Bindings = Record<string, string | number | bigint | null>;

/** Named parameters for a statement built piece by piece: `add(x)` binds x as `@p1`, `@p2`, … */
export class NamedParams {
  private count = 0;

  constructor(readonly values: Bindings = {}) {}

  add(value: unknown): string {
    this.count += 1;
    this.values[`p${this.count}`] = value as Bindings[string];
    return `@p${this.count}`;
  }
}

export const sqliteFilters = surveyFilters({
  bindList: (values, params) => values.map((value) => params.add(value)).join(', '),
  oneOf: (column, list) => `${column} IN (${list})`,
  like: (column, pattern) => `${column} LIKE ${pattern} ESCAPE '\\'`,
  // Without statistics the planner would scan the whole question instead of one response's answers.
  answersOfResponse: (alias) => `answers ${alias} INDEXED BY answers_response`,
});
