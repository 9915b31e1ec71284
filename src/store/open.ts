import { redactUrl } from '../redact-url.js';
import { StoreFileError, UnsupportedStoreError } from './errors.js';
import { sqliteFileProblem } from './sqlite/file-problem.js';
import type { Store } from './store.js';

/**
 * Opens the store named by a `--db` value: `postgres://…` or `postgresql://…` (PostgreSQL), else
 * `sqlite:PATH` or a plain file path (`:memory:` too).
 */
export async function openStore(location: string): Promise<Store> {
  if (isPostgresLocation(location)) {
    const { openPostgresStore } = await import('./postgres/index.js');
    return openPostgresStore(location);
  }
  const path = sqlitePathOf(location);
  const { openSqliteStore } = await import('./sqlite/index.js');
  try {
    return openSqliteStore(path);
  } catch (error) {
    // better-sqlite3 names neither the path nor the reason ("unable to open database file").
    if (!cannotOpen(error)) throw error;
    throw new StoreFileError(path, sqliteFileProblem(path));
  }
}

const isPostgresLocation = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location);

function sqlitePathOf(location: string): string {
  const path = location.startsWith('sqlite:') ? location.slice('sqlite:'.length) : location;
  if (path === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(path)) throw new UnsupportedStoreError(redactUrl(location));
  return path;
}

/** The SQLite file a `--db` value names; undefined for PostgreSQL and an in-memory store. */
export function sqliteFileOf(location: string): string | undefined {
  if (isPostgresLocation(location)) return undefined;
  const path = sqlitePathOf(location);
  return path === ':memory:' ? undefined : path;
}

function cannotOpen(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'SQLITE_CANTOPEN' || (typeof message === 'string' && message.includes('directory does not exist'));
}
