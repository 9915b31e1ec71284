import type { CollaboratorRole, Survey } from '../store/survey-store.js';
import { editingSurvey, openSurvey } from './access.js';
import type { Operator, PlatformContext } from './context.js';
import { notFound, validationFailed } from './errors.js';
import { collaboratorJson, type CollaboratorJson } from './present.js';
import { collaboratorRoles } from './roles.js';

export type ShareRole = CollaboratorRole | 'none';

/**
 * The most people a survey is shared with. With at most 900 KiB of questions (survey-size.ts),
 * 100 collaborators of the longest email and name (under 1 KiB of JSON each, escapes included)
 * and the survey's own fields leave get_survey's answer under its 1 MiB: the owner can always
 * read their survey. Before the cap, 9,000 collaborators made it unreadable.
 */
export const maxCollaborators = 100;

export interface ShareSurveyArgs {
  survey_id: string;
  user_email: string;
  role: ShareRole;
}

export interface ShareSurveyResult {
  survey_id: string;
  collaborators: CollaboratorJson[];
  /** False when the person already had that role (or, for none, no share): nothing was stored or audited. */
  changed: boolean;
}

export async function shareSurvey(ctx: PlatformContext, actorUserId: string, args: ShareSurveyArgs): Promise<ShareSurveyResult> {
  return editingSurvey(ctx, args.survey_id, async (ctx) => {
    const { survey, actor } = await openSurvey(ctx, actorUserId, args.survey_id, 'manage', 'share');
    return applyShare(ctx, survey, actor.id, args.user_email, args.role);
  });
}

/** For admin commands: grants as the survey's owner. */
export async function shareSurveyAsAdmin(ctx: PlatformContext, _actor: Operator, args: ShareSurveyArgs): Promise<ShareSurveyResult> {
  return editingSurvey(ctx, args.survey_id, async (ctx) => {
    const survey = await ctx.store.findSurvey(args.survey_id);
    if (!survey) throw notFound('survey', args.survey_id);
    return applyShare(ctx, survey, survey.ownerId, args.user_email, args.role);
  });
}

async function applyShare(
  ctx: PlatformContext,
  survey: Survey,
  grantedBy: string,
  email: string,
  role: ShareRole,
): Promise<ShareSurveyResult> {
  if (role !== 'none' && !collaboratorRoles.includes(role)) {
    throw validationFailed(`'role' must be one of ${collaboratorRoles.join(', ')} or none, got '${role}'`);
  }
  const user = await ctx.store.findUserByEmail(email);
  if (!user) throw validationFailed(`no user with email '${email}'`);
  const before = await ctx.store.listCollaborators(survey.id);
  const held = before.find((collaborator) => collaborator.userId === user.id)?.role;
  if (role === 'none') {
    if (held === undefined) return { survey_id: survey.id, collaborators: before.map(collaboratorJson), changed: false };
    await ctx.store.removeCollaborator(survey.id, user.id);
  } else {
    if (user.id === survey.ownerId) throw validationFailed(`'${user.email}' owns survey '${survey.id}' already`);
    if ((await ctx.store.findWorkspaceRole(survey.workspaceId, user.id)) === 'admin') {
      throw validationFailed(`'${user.email}' administers the survey's workspace and so owns it already`);
    }
    if (held === role) return { survey_id: survey.id, collaborators: before.map(collaboratorJson), changed: false };
    if (held === undefined && before.length >= maxCollaborators) {
      throw validationFailed(
        `survey '${survey.id}' is shared with the most people a survey may be, ${maxCollaborators}, so '${user.email}' cannot be added: remove someone first (share_survey with role none)`,
      );
    }
    await ctx.store.setCollaborator({ surveyId: survey.id, userId: user.id, role, grantedBy, grantedAt: ctx.clock.now() });
  }
  const collaborators = await ctx.store.listCollaborators(survey.id);
  return { survey_id: survey.id, collaborators: collaborators.map(collaboratorJson), changed: true };
}
