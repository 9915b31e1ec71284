import type { Survey, SurveyFields, SurveyStatus } from '../store/survey-store.js';
import { editingSurvey, openSurvey } from './access.js';
import type { PlatformContext } from './context.js';
import { notFound, validationFailed } from './errors.js';
import { surveyJson } from './present.js';
import { isChoiceType } from './question-rules.js';
import { publishProblem, reopenProblem, surveyStatuses, transitionCapability, transitionProblem } from './states.js';
import type { SetSurveyStatusArgs, SetSurveyStatusResult } from './surveys.js';

const actionFor = (from: SurveyStatus, to: SurveyStatus): string =>
  to === 'archived' ? 'archive' : from === 'archived' ? 'restore' : 'change the status of';

export function setSurveyStatus(ctx: PlatformContext, actorUserId: string, args: SetSurveyStatusArgs): Promise<SetSurveyStatusResult> {
  return editingSurvey(ctx, args.survey_id, (ctx) => changeStatus(ctx, actorUserId, args));
}

async function changeStatus(ctx: PlatformContext, actorUserId: string, args: SetSurveyStatusArgs): Promise<SetSurveyStatusResult> {
  const found = await ctx.store.findSurvey(args.survey_id);
  if (!found) throw notFound('survey', args.survey_id);
  const known = surveyStatuses.includes(args.status);
  const capability = known ? transitionCapability(found.status, args.status) : 'edit';
  const action = known ? actionFor(found.status, args.status) : 'change the status of';
  const { survey, role } = await openSurvey(ctx, actorUserId, args.survey_id, capability, action);
  if (!known) throw validationFailed(`'status' must be one of ${surveyStatuses.join(', ')}, got '${args.status}'`);
  const from = survey.status;
  const to = args.status;
  if (from === to) return { survey: surveyJson(survey, role), previous_status: from, changed: false };

  const problem = transitionProblem(from, to, survey.previousStatus) ?? (await openingProblem(ctx, survey, from, to));
  if (problem) throw validationFailed(problem);

  const now = ctx.clock.now();
  const fields: Partial<SurveyFields> = { status: to, previousStatus: from, updatedAt: now };
  const updated = await ctx.store.updateSurvey(survey.id, {
    ...fields,
    ...(from === 'draft' && to === 'open' ? { publishedAt: now } : {}),
    ...(to === 'closed' ? { closedAt: now } : {}),
    ...(from === 'closed' && to === 'open' ? { closedAt: null } : {}),
    ...(to === 'archived' ? { archivedAt: now } : {}),
    ...(from === 'archived' ? { archivedAt: null } : {}),
  });
  return { survey: surveyJson(updated, role), previous_status: from, changed: true };
}

/** Publishing, resuming and reopening all check the rules an open survey keeps (see `publishProblem`). */
async function openingProblem(ctx: PlatformContext, survey: Survey, from: SurveyStatus, to: SurveyStatus): Promise<string | undefined> {
  if (to !== 'open') return undefined;
  const questions = await ctx.store.listQuestions(survey.id);
  const facts = {
    questionCount: questions.length,
    choiceQuestionsShort: questions.filter((q) => isChoiceType(q.type) && q.choices.length < 2).map((q) => q.text),
    closesAt: survey.closesAt,
  };
  const doing = from === 'draft' ? 'publishing' : from === 'paused' ? 'resuming' : 'reopening';
  return publishProblem(facts, ctx.clock.now(), doing) ?? (from === 'closed' ? reopenProblem(survey) : undefined);
}
