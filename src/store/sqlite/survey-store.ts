import type { SurveyStore } from '../survey-store.js';
import type { SqliteDatabase } from './database.js';

export function sqliteSurveyStore(_db: SqliteDatabase): SurveyStore {
  return {};
}
