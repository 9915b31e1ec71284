import type { AuthStore } from '../auth-store.js';
import type { SqliteDatabase } from './database.js';

export function sqliteAuthStore(_db: SqliteDatabase): AuthStore {
  return {};
}
