import { redactUrl } from '../redact-url.js';
import type { Store } from './store.js';

/**
 * Opens the store named by a `--db` value: `postgres://…` or `postgresql://…` (PostgreSQL), else
 * `sqlite:PATH` or a plain file path (`:memory:` too).
 */
export async function openStore(location: string): Promise<Store> {
  if (/^postgres(ql)?:\/\//i.test(location)) {
    const { openPostgresStore } = await import('./postgres/index.js');
    return openPostgresStore(location);
  }
  const path = location.startsWith('sqlite:') ? location.slice('sqlite:'.length) : location;
  if (path === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    throw new Error(
      `unsupported --db '${redactUrl(location)}': use a file path, sqlite:PATH or postgres://user@host/db`,
    );
  }
  const { openSqliteStore } = await import('./sqlite/index.js');
  return openSqliteStore(path);
}
