import type { Store } from '../store.js';
import { sqliteAccountStore } from './account-store.js';
import { sqliteAuthStore } from './auth-store.js';
import { openSqliteDatabase } from './database.js';
import { sqliteSurveyStore } from './survey-store.js';

export function openSqliteStore(path: string): Store {
  const db = openSqliteDatabase(path);
  return {
    backend: 'sqlite',
    ...sqliteAccountStore(db),
    ...sqliteSurveyStore(db),
    ...sqliteAuthStore(db),
    async close() {
      db.close();
    },
  };
}
