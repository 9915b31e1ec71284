import { collaboratorStore } from '../collaborators.js';
import type { SurveyStore } from '../survey-store.js';
import { workspaceStore } from '../workspaces.js';
import { sqliteAggregateStore } from './aggregates.js';
import type { SqliteDatabase } from './database.js';
import { sqliteQuestionStore } from './questions.js';
import { sqliteResponseStore } from './responses.js';
import { sqliteStatements } from './statements.js';
import { sqliteSurveyRecordStore } from './surveys.js';

/** The survey store on one SQLite connection, written by noun; every part shares one statement cache. */
export function sqliteSurveyStore(db: SqliteDatabase): SurveyStore {
  const statements = sqliteStatements(db);
  return {
    ...workspaceStore(statements.queryable),
    ...sqliteSurveyRecordStore(statements),
    ...collaboratorStore(statements.queryable),
    ...sqliteQuestionStore(statements),
    ...sqliteResponseStore(statements),
    ...sqliteAggregateStore(statements),
  };
}
