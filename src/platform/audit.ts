import { AsyncLocalStorage } from 'node:async_hooks';
import type { PlatformContext } from './context.js';
import { newId } from './ids.js';
import type { DeleteQuestionResult, QuestionResult } from './questions.js';
import type { ShareSurveyArgs, ShareSurveyResult } from './shares.js';
import type { CreateSurveyResult, SetSurveyStatusResult, UpdateSurveyArgs, UpdateSurveyResult } from './surveys.js';

/** Through which app, and from which address, the person acts: set by the request that carries the call. */
export interface ActingThrough {
  clientId?: string;
  address?: string;
  /** The W3C trace the request belongs to, and its span: this server's when exported, else the caller's. */
  traceId?: string;
  spanId?: string;
  parentSpanId?: string;
}

/**
 * The app and address of the request in progress. The request path sets it once and fills in
 * the client when the token is known; every change the platform records in that request reads it.
 */
export const actingThrough = new AsyncLocalStorage<ActingThrough>();

export interface AuditRecord {
  readonly action: AuditAction;
  readonly actorUserId?: string;
  /** The app, when the caller knows it better than the request does (a token grant). */
  readonly clientId?: string;
  readonly surveyId?: string;
  readonly workspaceId?: string;
  readonly detail?: Record<string, unknown>;
}

/** Every action the trail records. */
export type AuditAction =
  | 'survey.create'
  | 'survey.update'
  | 'survey.status'
  | 'question.add'
  | 'question.update'
  | 'question.delete'
  | 'survey.share'
  | 'grant.create'
  | 'grant.revoke'
  | 'refresh.reuse'
  | 'sign-in'
  | 'account.create-sso';

/** Adds one event to the trail, with the app and address of the request it happens in. */
export async function recordAudit(ctx: PlatformContext, record: AuditRecord): Promise<void> {
  const via = actingThrough.getStore();
  await ctx.store.recordAuditEvent({
    id: newId('aud'),
    at: ctx.clock.now(),
    action: record.action,
    actorUserId: record.actorUserId,
    clientId: record.clientId ?? via?.clientId,
    surveyId: record.surveyId,
    workspaceId: record.workspaceId,
    address: via?.address,
    traceId: via?.traceId,
    spanId: via?.spanId ?? via?.parentSpanId,
    detail: record.detail ?? {},
  });
}

/**
 * What each changing operation records once it succeeded, from its arguments and its result;
 * undefined when nothing changed (a status set to what it was). Reads record nothing.
 */
export const auditedOperations: Readonly<Record<string, (args: never, result: never) => Omit<AuditRecord, 'actorUserId'> | undefined>> = {
  createSurvey: (_args: unknown, result: CreateSurveyResult) => ({
    action: 'survey.create',
    surveyId: result.survey.id,
    workspaceId: result.survey.workspace_id,
    detail: { title: result.survey.title },
  }),
  updateSurvey: (args: UpdateSurveyArgs, result: UpdateSurveyResult) => ({
    action: 'survey.update',
    surveyId: result.survey.id,
    workspaceId: result.survey.workspace_id,
    detail: { fields: Object.keys(args).filter((field) => field !== 'survey_id') },
  }),
  setSurveyStatus: (_args: unknown, result: SetSurveyStatusResult) =>
    result.changed
      ? { action: 'survey.status', surveyId: result.survey.id, workspaceId: result.survey.workspace_id, detail: { from: result.previous_status, to: result.survey.status } }
      : undefined,
  addQuestion: (_args: unknown, result: QuestionResult) => ({
    action: 'question.add',
    surveyId: result.question.survey_id,
    detail: { question_id: result.question.id, type: result.question.type },
  }),
  updateQuestion: (args: Record<string, unknown>, result: QuestionResult) => ({
    action: 'question.update',
    surveyId: result.question.survey_id,
    detail: { question_id: result.question.id, fields: Object.keys(args).filter((field) => field !== 'question_id') },
  }),
  deleteQuestion: (_args: unknown, result: DeleteQuestionResult) => ({
    action: 'question.delete',
    surveyId: result.survey_id,
    detail: { question_id: result.question_id },
  }),
  shareSurvey: (args: ShareSurveyArgs, result: ShareSurveyResult) => ({
    action: 'survey.share',
    surveyId: result.survey_id,
    detail: { user_email: args.user_email, role: args.role },
  }),
};
