import type { Store } from '../store/store.js';
import type { Clock } from './clock.js';
import type { PlatformContext } from './context.js';
import { addQuestion, deleteQuestion, updateQuestion } from './questions.js';
import { getResponse, listResponses } from './responses.js';
import { getSurveyResults } from './results.js';
import { shareSurvey } from './shares.js';
import { setSurveyStatus } from './status.js';
import { createSurvey, getMe, getSurvey, listSurveys, updateSurvey } from './surveys.js';

export type { AddQuestionArgs, DeleteQuestionArgs, DeleteQuestionResult, QuestionInput, QuestionResult, UpdateQuestionArgs } from './questions.js';
export type { AnswerJson, GetResponseArgs, GetResponseResult, ListResponsesArgs, ListResponsesResult, ResponseJson, ResponseWhere } from './responses.js';
export type { GetSurveyResultsArgs, GetSurveyResultsResult, QuestionResultJson, SegmentJson } from './results.js';
export type { ShareRole, ShareSurveyArgs, ShareSurveyResult } from './shares.js';
export type {
  CreateSurveyArgs,
  CreateSurveyResult,
  GetMeResult,
  GetSurveyArgs,
  GetSurveyResult,
  ListSurveysArgs,
  ListSurveysResult,
  SetSurveyStatusArgs,
  SetSurveyStatusResult,
  UpdateSurveyArgs,
  UpdateSurveyResult,
} from './surveys.js';
export type { CollaboratorJson, QuestionJson, SurveyJson } from './present.js';
export { PlatformError, type PlatformErrorCode } from './errors.js';
export { shareSurveyAsAdmin } from './shares.js';
export { effectiveRole, can, type Capability, type EffectiveRole } from './roles.js';
export { allowedTargets, autoCloseDue, transitionProblem } from './states.js';

type Operation<Args, Result> = (actorUserId: string, args: Args) => Promise<Result>;
type Bound<F> = F extends (ctx: PlatformContext, actorUserId: string, args: infer A) => Promise<infer R> ? Operation<A, R> : never;

/** One method per tool of tools.md; the MCP layer parses arguments and calls these. */
export interface Platform {
  getMe(actorUserId: string, args?: Record<string, never>): ReturnType<typeof getMe>;
  listSurveys: Bound<typeof listSurveys>;
  getSurvey: Bound<typeof getSurvey>;
  getSurveyResults: Bound<typeof getSurveyResults>;
  listResponses: Bound<typeof listResponses>;
  getResponse: Bound<typeof getResponse>;
  createSurvey: Bound<typeof createSurvey>;
  updateSurvey: Bound<typeof updateSurvey>;
  setSurveyStatus: Bound<typeof setSurveyStatus>;
  addQuestion: Bound<typeof addQuestion>;
  updateQuestion: Bound<typeof updateQuestion>;
  deleteQuestion: Bound<typeof deleteQuestion>;
  shareSurvey: Bound<typeof shareSurvey>;
}

export function createPlatform({ store, clock }: { store: Store; clock: Clock }): Platform {
  const ctx: PlatformContext = { store, clock };
  return {
    getMe: (actorUserId) => getMe(ctx, actorUserId),
    listSurveys: (actorUserId, args) => listSurveys(ctx, actorUserId, args),
    getSurvey: (actorUserId, args) => getSurvey(ctx, actorUserId, args),
    getSurveyResults: (actorUserId, args) => getSurveyResults(ctx, actorUserId, args),
    listResponses: (actorUserId, args) => listResponses(ctx, actorUserId, args),
    getResponse: (actorUserId, args) => getResponse(ctx, actorUserId, args),
    createSurvey: (actorUserId, args) => createSurvey(ctx, actorUserId, args),
    updateSurvey: (actorUserId, args) => updateSurvey(ctx, actorUserId, args),
    setSurveyStatus: (actorUserId, args) => setSurveyStatus(ctx, actorUserId, args),
    addQuestion: (actorUserId, args) => addQuestion(ctx, actorUserId, args),
    updateQuestion: (actorUserId, args) => updateQuestion(ctx, actorUserId, args),
    deleteQuestion: (actorUserId, args) => deleteQuestion(ctx, actorUserId, args),
    shareSurvey: (actorUserId, args) => shareSurvey(ctx, actorUserId, args),
  };
}
