import type { CollaboratorRole, Survey } from '../store/survey-store.js';
import { editingSurvey, openSurvey } from './access.js';
import type { Operator, PlatformContext } from './context.js';
import { notFound, validationFailed } from './errors.js';
import { collaboratorJson, type CollaboratorJson } from './present.js';
import { collaboratorRoles } from './roles.js';

export type ShareRole = CollaboratorRole | 'none';

export interface ShareSurveyArgs {
  survey_id: string;
  user_email: string;
  role: ShareRole;
}

export interface ShareSurveyResult {
  survey_id: string;
  collaborators: CollaboratorJson[];
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
  if (role !== 'none') {
    if (user.id === survey.ownerId) throw validationFailed(`'${user.email}' owns survey '${survey.id}' already`);
    if ((await ctx.store.findWorkspaceRole(survey.workspaceId, user.id)) === 'admin') {
      throw validationFailed(`'${user.email}' administers the survey's workspace and so owns it already`);
    }
    await ctx.store.setCollaborator({ surveyId: survey.id, userId: user.id, role, grantedBy, grantedAt: ctx.clock.now() });
  } else {
    await ctx.store.removeCollaborator(survey.id, user.id);
  }
  const collaborators = await ctx.store.listCollaborators(survey.id);
  return { survey_id: survey.id, collaborators: collaborators.map(collaboratorJson) };
}
