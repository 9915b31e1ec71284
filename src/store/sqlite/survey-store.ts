import { collaboratorStore } from '../collaborators.js';
import type { SurveyStore } from '../survey-store.js';
import { workspaceStore } from '../workspaces.js';
import { sqliteAggregateStore } from './aggregates.js';
import type { SqliteDatabase } from './database.js';
import type { SqliteReadPool } from './read-pool.js';
import { sqliteQuestionStore } from './questions.js';
import { sqliteResponseStore } from './responses.js';
import { sqliteStatements } from './statements.js';
import { sqliteSurveyRecordStore } from './surveys.js';

/**
 * The survey store on one SQLite connection, written by noun; every part shares one statement
 * cache. Reads that may scan run on `reads` (read-pool.ts) when given.
 */
export function sqliteSurveyStore(db: SqliteDatabase, reads?: SqliteReadPool): SurveyStore {
  const statements = sqliteStatements(db, reads);
  const surveys = sqliteSurveyRecordStore(statements);
  const collaborators = collaboratorStore(statements.queryable);
  const questions = sqliteQuestionStore(statements);
  return {
    ...workspaceStore(statements.queryable),
    ...surveys,
    ...collaborators,
    ...questions,
    // Without round trips to save, the reads it combines on PostgreSQL stay separate here.
    async findSurveyDetail(surveyId, userId) {
      const access = await surveys.findSurveyAccess(surveyId, userId);
      if (!access) return undefined;
      return { ...access, questions: await questions.listQuestions(surveyId), collaborators: await collaborators.listCollaborators(surveyId) };
    },
    ...sqliteResponseStore(statements),
    ...sqliteAggregateStore(statements),
  };
}
