import { serialQueue } from '../edit-policy.js';
import type { Store } from '../store.js';
import { sqliteAccountStore } from './account-store.js';
import { sqliteAuthStore } from './auth-store.js';
import { changeStamp } from './change-stamp.js';
import { openSqliteDatabase } from './database.js';
import { sqliteSurveyStore } from './survey-store.js';

export function openSqliteStore(path: string): Store {
  const db = openSqliteDatabase(path);
  // Not a database transaction: every request of the process shares this connection, so a
  // rollback could take another request's writes with it. Units of edits queue instead.
  const oneAtATime = serialQueue();
  const store: Store = {
    backend: 'sqlite',
    ...sqliteAccountStore(db),
    ...sqliteSurveyStore(db),
    ...sqliteAuthStore(db),
    withSurveyLocked: (_surveyId, work) => oneAtATime(() => work(unit)),
    changeStamp: changeStamp(db),
    async close() {
      db.close();
    },
  };
  // Inside a unit the queue is held already: a nested unit joins it rather than wait behind itself.
  const unit: Store = { ...store, withSurveyLocked: (_surveyId, work) => work(unit) };
  return store;
}
