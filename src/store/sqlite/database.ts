import Database from 'better-sqlite3';
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
