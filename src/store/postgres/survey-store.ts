import type { SurveyStore } from '../survey-store.js';
import { postgresAggregateStore } from './aggregates.js';
import { postgresCollaboratorStore } from './collaborators.js';
import type { PostgresDatabase } from './database.js';
import { postgresQuestionStore } from './questions.js';
import { postgresResponseStore } from './responses.js';
import { postgresSurveyRecordStore } from './surveys.js';
import { postgresWorkspaceStore } from './workspaces.js';

/** The survey store on the pool or one transaction's client, written by noun. */
export function postgresSurveyStore(db: PostgresDatabase): SurveyStore {
  return {
    ...postgresWorkspaceStore(db),
    ...postgresSurveyRecordStore(db),
    ...postgresCollaboratorStore(db),
    ...postgresQuestionStore(db),
    ...postgresResponseStore(db),
    ...postgresAggregateStore(db),
  };
}
