import { collaboratorStore } from '../collaborators.js';
import type { SurveyStore } from '../survey-store.js';
import { workspaceStore } from '../workspaces.js';
import { postgresAggregateStore } from './aggregates.js';
import type { PostgresDatabase } from './database.js';
import { postgresQuestionStore } from './questions.js';
import { postgresResponseStore } from './responses.js';
import { postgresSurveyRecordStore } from './surveys.js';

/** The survey store on the pool or one transaction's client, written by noun. */
export function postgresSurveyStore(db: PostgresDatabase): SurveyStore {
  return {
    ...workspaceStore(db),
    ...postgresSurveyRecordStore(db),
    ...collaboratorStore(db),
    ...postgresQuestionStore(db),
    ...postgresResponseStore(db),
    ...postgresAggregateStore(db, db.scanning),
  };
}
