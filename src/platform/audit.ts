export { actingThrough, recordAudit, type ActingThrough, type AuditAction, type AuditRecord } from './audit-event.js';
import type { AuditRecord } from './audit-event.js';
import type { DeleteQuestionResult, QuestionResult, UpdateQuestionResult } from './questions.js';
import type { ShareSurveyArgs, ShareSurveyResult } from './shares.js';
import type { CreateSurveyResult, SetSurveyStatusResult, UpdateSurveyArgs, UpdateSurveyResult } from './surveys.js';

/**
 * What each changing operation records once it succeeded, from its arguments and its result;
 * undefined when nothing changed (a status set to what it was, a share or an edit that left
 * everything as it was). Reads record nothing.
 */
export const auditedOperations: Readonly<Record<string, (args: never, result: never) => Omit<AuditRecord, 'actorUserId'> | undefined>> = {
  createSurvey: (_args: unknown, result: CreateSurveyResult) => ({
    action: 'survey.create',
    surveyId: result.survey.id,
    workspaceId: result.survey.workspace_id,
    detail: { title: result.survey.title },
  }),
  updateSurvey: (args: UpdateSurveyArgs, result: UpdateSurveyResult) =>
    result.changed
      ? { action: 'survey.update', surveyId: result.survey.id, workspaceId: result.survey.workspace_id, detail: { fields: Object.keys(args).filter((field) => field !== 'survey_id') } }
      : undefined,
  setSurveyStatus: (_args: unknown, result: SetSurveyStatusResult) =>
    result.changed
      ? { action: 'survey.status', surveyId: result.survey.id, workspaceId: result.survey.workspace_id, detail: { from: result.previous_status, to: result.survey.status } }
      : undefined,
  addQuestion: (_args: unknown, result: QuestionResult) => ({
    action: 'question.add',
    surveyId: result.question.survey_id,
    detail: { question_id: result.question.id, type: result.question.type },
  }),
  updateQuestion: (args: Record<string, unknown>, result: UpdateQuestionResult) =>
    result.changed
      ? { action: 'question.update', surveyId: result.question.survey_id, detail: { question_id: result.question.id, fields: Object.keys(args).filter((field) => field !== 'question_id' && field !== 'version') } }
      : undefined,
  deleteQuestion: (_args: unknown, result: DeleteQuestionResult) => ({
    action: 'question.delete',
    surveyId: result.survey_id,
    detail: { question_id: result.question_id },
  }),
  shareSurvey: (args: ShareSurveyArgs, result: ShareSurveyResult) =>
    result.changed ? { action: 'survey.share', surveyId: result.survey_id, detail: { user_email: args.user_email, role: args.role } } : undefined,
};
