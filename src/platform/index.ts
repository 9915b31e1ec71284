import { auditedOperations, recordAudit } from './audit.js';
import { stopsForGoneCaller } from './caller-gone.js';
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
export { callerGone, CallerGoneError } from './caller-gone.js';
export { effectiveRole, can, type Capability, type EffectiveRole } from './roles.js';
export { allowedTargets, autoCloseDue, transitionProblem } from './states.js';

/** The operations of tools.md, one per tool, a line per noun they act on. */
const operations = {
  getMe, listSurveys, getSurvey, createSurvey, updateSurvey, setSurveyStatus,
  addQuestion, updateQuestion, deleteQuestion,
  listResponses, getResponse, getSurveyResults,
  shareSurvey,
};

type Bound<F> = F extends (ctx: PlatformContext, ...rest: infer Rest) => infer Result ? (...rest: Rest) => Result : never;

/** The operations bound to one store and clock; the MCP layer parses arguments and calls these. */
export type Platform = { readonly [Name in keyof typeof operations]: Bound<(typeof operations)[Name]> };

/**
 * Each changing operation adds its event to the audit trail once it succeeded; reads go as they
 * are, and stop at their next store call once their caller has gone (`callerGone`). A change
 * runs to its end whoever waits for it, so that nothing is left half stored.
 */
export function createPlatform(ctx: PlatformContext): Platform {
  const reading: PlatformContext = { ...ctx, store: stopsForGoneCaller(ctx.store) };
  const bound = Object.entries(operations).map(([name, operation]) => {
    const audited = auditedOperations[name];
    // `known`: what an operation may take beside its arguments (getSurvey: a read done already).
    const call = (actorUserId: string, args: never, known: never) => operation(audited ? ctx : reading, actorUserId, args, known);
    if (!audited) return [name, call];
    return [
      name,
      async (actorUserId: string, args: never, known: never) => {
        const result = await call(actorUserId, args, known);
        const record = audited(args, result as never);
        if (record) await recordAudit(ctx, { ...record, actorUserId });
        return result;
      },
    ];
  });
  return Object.fromEntries(bound) as Platform;
}
