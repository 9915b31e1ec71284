import type { SurveyStore } from '../survey-store.js';
import { sqliteAggregateStore } from './aggregates.js';
import { sqliteCollaboratorStore } from './collaborators.js';
import type { SqliteDatabase } from './database.js';
import { sqliteQuestionStore } from './questions.js';
import { sqliteResponseStore } from './responses.js';
import { sqliteStatements } from './statements.js';
import { sqliteSurveyRecordStore } from './surveys.js';
import { sqliteWorkspaceStore } from './workspaces.js';

/** The survey store on one SQLite connection, written by noun; every part shares one statement cache. */
export function sqliteSurveyStore(db: SqliteDatabase): SurveyStore {
  const statements = sqliteStatements(db);
  return {
    ...sqliteWorkspaceStore(statements),
    ...sqliteSurveyRecordStore(statements),
    ...sqliteCollaboratorStore(statements),
    ...sqliteQuestionStore(statements),
    ...sqliteResponseStore(statements),
    ...sqliteAggregateStore(statements),
  };
}
