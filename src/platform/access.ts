import type { User } from '../store/account-store.js';
import type { Question, Survey, SurveyAccessRecord } from '../store/survey-store.js';
import type { PlatformContext } from './context.js';
import { notAuthorized, notFound, validationFailed } from './errors.js';
import { can, effectiveRole, type Capability, type EffectiveRole } from './roles.js';
import { recordAudit } from './audit-event.js';
import { autoCloseCause, autoCloseDue } from './states.js';

export interface SurveyAccess {
  readonly actor: User;
  readonly survey: Survey;
  readonly role: EffectiveRole;
}

/** The live account behind a call; unknown and disabled accounts act as no one. */
export async function activeUser(ctx: PlatformContext, userId: string): Promise<User | undefined> {
  const user = await ctx.store.findUserById(userId);
  return user && !user.disabled ? user : undefined;
}

/**
 * Checks run in the order the tools promise: the survey exists, then the person may do
 * `action`, computed from live grants. Then a due auto-close is applied before anything is read.
 */
export async function openSurvey(
  ctx: PlatformContext,
  actorUserId: string,
  surveyId: string,
  capability: Capability,
  action: string,
): Promise<SurveyAccess> {
  // The survey, the person and their grants in one store read: on PostgreSQL, one round trip.
  return admit(ctx, await ctx.store.findSurveyAccess(surveyId, actorUserId), surveyId, capability, action);
}

/** `openSurvey`'s checks on a record already read (with more of the survey, in the same read). */
export async function admit(
  ctx: PlatformContext,
  record: SurveyAccessRecord | undefined,
  surveyId: string,
  capability: Capability,
  action: string,
): Promise<SurveyAccess> {
  if (!record) throw notFound('survey', surveyId);
  const { survey, user, workspaceRole, collaboratorRole } = record;
  const actor = user && !user.disabled ? user : undefined;
  const role = actor ? effectiveRole({ userId: actor.id, ownerId: survey.ownerId, workspaceRole, collaboratorRole }) : null;
  if (!actor || !can(role, capability)) throw notAuthorized(action, 'survey', surveyId);
  return { actor, survey: await closeIfDue(ctx, survey), role: role! };
}

/**
 * Runs one edit (its reads, checks and writes) as a unit with the survey locked, so that the
 * rules it checks are the rules in force when it writes, however many edits run at once.
 */
export const editingSurvey = <T>(ctx: PlatformContext, surveyId: string, work: (ctx: PlatformContext) => Promise<T>): Promise<T> =>
  ctx.store.withSurveyLocked(surveyId, (store) => work({ ...ctx, store }));

/** `editingSurvey` for an edit named by a question: its survey is locked, then the question read again. */
export async function editingQuestion<T>(
  ctx: PlatformContext,
  questionId: string,
  work: (ctx: PlatformContext) => Promise<T>,
): Promise<T> {
  const question = await ctx.store.findQuestion(questionId);
  if (!question) throw notFound('question', questionId);
  return editingSurvey(ctx, question.surveyId, work);
}

/** A question and its survey, checked like `openSurvey`. */
export async function openQuestion(
  ctx: PlatformContext,
  actorUserId: string,
  questionId: string,
  capability: Capability,
  action: string,
): Promise<SurveyAccess & { question: Question }> {
  const question = await ctx.store.findQuestion(questionId);
  if (!question) throw notFound('question', questionId);
  return { ...(await openSurvey(ctx, actorUserId, question.surveyId, capability, action)), question };
}

/**
 * An open or paused survey due to close (states.ts `autoCloseCause`) is closed before anything
 * else happens to it, and the trail records it as a `survey.status` change by no one, with its cause.
 */
export async function closeIfDue(ctx: PlatformContext, survey: Survey): Promise<Survey> {
  if (!autoCloseDue(survey, ctx.clock.now())) return survey;
  // Decided again under the lock: an edit may have closed, archived or extended it since it was read.
  return editingSurvey(ctx, survey.id, async (ctx) => {
    const current = await ctx.store.findSurvey(survey.id);
    const now = ctx.clock.now();
    const cause = current && autoCloseCause(current, now);
    if (!current || !cause) return current ?? survey;
    const closedAt = cause === 'closes_at' ? current.closesAt! : now;
    const closed = await ctx.store.updateSurvey(current.id, { status: 'closed', previousStatus: current.status, closedAt, updatedAt: now });
    await recordAudit(ctx, {
      action: 'survey.status',
      surveyId: current.id,
      workspaceId: current.workspaceId,
      detail: { from: current.status, to: 'closed', cause, ...(cause === 'closes_at' ? { closes_at: new Date(closedAt).toISOString() } : { response_limit: current.responseLimit }) },
    });
    return closed;
  });
}

/** Archived surveys reject every edit until restored. */
export function assertEditable(survey: Survey): void {
  if (survey.status === 'archived') {
    throw validationFailed(`survey '${survey.id}' is archived: restore it (set_survey_status to '${survey.previousStatus ?? 'draft'}') before editing`);
  }
}
