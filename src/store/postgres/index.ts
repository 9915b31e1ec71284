import type { Store } from '../store.js';
import { postgresAccountStore } from './account-store.js';
import { postgresAuthStore } from './auth-store.js';
import { openPostgresDatabase } from './database.js';
import { postgresSurveyStore } from './survey-store.js';

/**
 * Opens the store on a `postgres://` or `postgresql://` URL and applies pending migrations.
 * `?schema=NAME` keeps the tables in that schema (created when missing), so deployments and
 * test runs can share one database. Rejects with `StoreUnavailableError` when the server cannot
 * be reached; the message names the URL without its password.
 */
export async function openPostgresStore(url: string): Promise<Store> {
  const db = await openPostgresDatabase(url);
  return {
    backend: 'postgres',
    ...postgresAccountStore(db),
    ...postgresSurveyStore(db),
    ...postgresAuthStore(db),
    close: () => db.close(),
  };
}
