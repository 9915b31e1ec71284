import type { NewQuestion, Survey, SurveyDetailRead, SurveyDetailRecord, SurveyFields, SurveyStatus } from '../store/survey-store.js';
import { activeUser, admit, assertEditable, closeIfDue, editingSurvey, openSurvey } from './access.js';
import type { PlatformContext } from './context.js';
import { notAuthorized, notFound, shown, validationFailed } from './errors.js';
import { checkQuestionsSize } from './survey-size.js';
import { newId } from './ids.js';
import { decodeCursor, encodeCursor, isTuple, pageSize } from './pagination.js';
import { collaboratorJson, questionJson, surveyJson, type CollaboratorJson, type QuestionJson, type SurveyJson } from './present.js';
import { newQuestion, type QuestionInput } from './questions.js';
import { effectiveRole } from './roles.js';
import { hasResponses, surveyStatuses } from './states.js';
import { checkDescription, maxQuestions } from './question-rules.js';
import { checkLength, checkPlainText, parseOptionalTime } from './values.js';

export interface GetMeResult {
  user: { id: string; email: string; name: string };
  workspaces: Array<{ id: string; name: string; role: 'admin' | 'member' }>;
}

export async function getMe(ctx: PlatformContext, actorUserId: string, _args: Record<string, never> = {}): Promise<GetMeResult> {
  const user = await activeUser(ctx, actorUserId);
  if (!user) throw notAuthorized('read', 'account', actorUserId);
  const memberships = await ctx.store.listMemberships(user.id);
  return {
    user: { id: user.id, email: user.email, name: user.name },
    workspaces: memberships.map((m) => ({ id: m.workspace.id, name: m.workspace.name, role: m.role })),
  };
}

export interface ListSurveysArgs {
  workspace_id?: string;
  status?: SurveyStatus;
  query?: string;
  limit?: number;
  cursor?: string;
}

export interface ListSurveysResult {
  surveys: Array<SurveyJson & { question_count: number }>;
  next_cursor: string | null;
  total: number;
}

export async function listSurveys(ctx: PlatformContext, actorUserId: string, args: ListSurveysArgs): Promise<ListSurveysResult> {
  const user = await activeUser(ctx, actorUserId);
  if (!user) throw notAuthorized('list', 'surveys of', actorUserId);
  if (args.status !== undefined && !surveyStatuses.includes(args.status)) {
    throw validationFailed(`'status' must be one of ${surveyStatuses.join(', ')}, got '${shown(args.status)}'`);
  }
  if (args.workspace_id !== undefined && !(await ctx.store.findWorkspace(args.workspace_id))) {
    throw notFound('workspace', args.workspace_id);
  }
  const limit = pageSize(args.limit);
  const query = {
    userId: user.id,
    workspaceId: args.workspace_id,
    status: args.status,
    query: (args.query === undefined ? undefined : checkPlainText('query', args.query).trim()) || undefined,
  };
  // Auto-close applies on access; a status filter must see this person's surveys as they are now.
  for (const due of await ctx.store.findSurveysDueToClose(query, ctx.clock.now())) await closeIfDue(ctx, due);
  const filters = ['surveys', query];
  const after = args.cursor === undefined ? undefined : decodeCursor(args.cursor, filters, isTuple('number', 'string'));
  const [listings, total] = await Promise.all([
    ctx.store.listSurveysFor(query, after && { createdAt: after[0], id: after[1] }, limit + 1),
    ctx.store.countSurveysFor(query),
  ]);
  const page = listings.slice(0, limit);
  const last = page.at(-1);
  const surveys = await Promise.all(
    page.map(async (listing) => {
      const role = effectiveRole({ userId: user.id, ownerId: listing.survey.ownerId, ...listing })!;
      return { ...surveyJson(listing.survey, role), question_count: listing.questionCount };
    }),
  );
  return {
    surveys,
    next_cursor: listings.length > limit && last ? encodeCursor(filters, [last.survey.createdAt, last.survey.id]) : null,
    total,
  };
}

export interface GetSurveyArgs {
  survey_id: string;
}

export interface GetSurveyResult {
  survey: SurveyJson;
  questions: QuestionJson[];
  /** Only for the owner. */
  collaborators?: CollaboratorJson[];
}

/**
 * `known`: the very read below, done already in this request (with the bearer token, in the
 * same round trip on PostgreSQL); used only if it is of this survey for this person.
 */
export async function getSurvey(ctx: PlatformContext, actorUserId: string, args: GetSurveyArgs, known?: SurveyDetailRead): Promise<GetSurveyResult> {
  // The access check and what the answer shows in one store read: on PostgreSQL, one round trip.
  const detail =
    known?.surveyId === args.survey_id && known.userId === actorUserId
      ? known.record
      : await ctx.store.findSurveyDetail(args.survey_id, actorUserId);
  const { survey, role } = await admit(ctx, detail, args.survey_id, 'view', 'view');
  return surveyDetail(survey, role, detail!);
}

/** Only the owner sees the collaborators. */
function surveyDetail(survey: Survey, role: SurveyJson['my_role'], { questions, collaborators }: SurveyDetailRecord): GetSurveyResult {
  const shown = { survey: surveyJson(survey, role), questions: questions.map(questionJson) };
  return role === 'owner' ? { ...shown, collaborators: collaborators.map(collaboratorJson) } : shown;
}

export interface CreateSurveyArgs {
  workspace_id: string;
  title: string;
  description?: string;
  anonymous?: boolean;
  questions?: QuestionInput[];
}

export type CreateSurveyResult = GetSurveyResult;

export async function createSurvey(ctx: PlatformContext, actorUserId: string, args: CreateSurveyArgs): Promise<CreateSurveyResult> {
  const workspace = await ctx.store.findWorkspace(args.workspace_id);
  if (!workspace) throw notFound('workspace', args.workspace_id);
  const actor = await activeUser(ctx, actorUserId);
  const member = actor && (await ctx.store.findWorkspaceRole(workspace.id, actor.id));
  if (!actor || !member) throw notAuthorized('create surveys in', 'workspace', workspace.id);
  const title = checkLength('title', args.title, 1, 200);
  const description = checkDescription(args.description);
  const id = newId('srv');
  const questions: NewQuestion[] = (args.questions ?? []).map((input) => newQuestion(id, input));
  if (questions.length > maxQuestions) throw validationFailed(`a survey holds at most ${maxQuestions} questions, got ${questions.length}`);
  checkQuestionsSize(id, questions);
  const now = ctx.clock.now();
  const survey = await ctx.store.insertSurvey(
    {
      id,
      workspaceId: workspace.id,
      ownerId: actor.id,
      title,
      description,
      status: 'draft',
      previousStatus: null,
      anonymous: args.anonymous ?? false,
      opensAt: null,
      closesAt: null,
      responseLimit: null,
      createdAt: now,
      updatedAt: now,
      publishedAt: null,
      closedAt: null,
      archivedAt: null,
    },
    questions,
  );
  return surveyDetail(survey, 'owner', (await ctx.store.findSurveyDetail(survey.id, actor.id))!);
}

export interface UpdateSurveyArgs {
  survey_id: string;
  title?: string;
  description?: string;
  /** `null` clears. */
  opens_at?: string | null;
  closes_at?: string | null;
  response_limit?: number | null;
  anonymous?: boolean;
}

export interface UpdateSurveyResult {
  survey: SurveyJson;
  /** False when every field given already had that value: nothing was stored or audited. */
  changed: boolean;
}

export function updateSurvey(ctx: PlatformContext, actorUserId: string, args: UpdateSurveyArgs): Promise<UpdateSurveyResult> {
  return editingSurvey(ctx, args.survey_id, (ctx) => changeSurvey(ctx, actorUserId, args));
}

async function changeSurvey(ctx: PlatformContext, actorUserId: string, args: UpdateSurveyArgs): Promise<UpdateSurveyResult> {
  const { survey, role } = await openSurvey(ctx, actorUserId, args.survey_id, 'edit', 'edit');
  const now = ctx.clock.now();
  const given = plannedSurveyUpdate(survey, args, now);
  const changes = Object.fromEntries(Object.entries(given).filter(([field, value]) => value !== undefined && value !== survey[field as keyof SurveyFields]));
  if (Object.keys(changes).length === 0) return { survey: surveyJson(survey, role), changed: false };
  const updated = await ctx.store.updateSurvey(survey.id, { ...changes, updatedAt: now });
  return { survey: surveyJson(await closeIfDue(ctx, updated), role), changed: true };
}

/**
 * The fields `args` set on `survey`, or the validation error that refuses them: what
 * `update_survey` writes, and what a confirmation checks first (a refused call is never asked about).
 */
export function plannedSurveyUpdate(survey: Survey, args: UpdateSurveyArgs, now: number): Partial<SurveyFields> {
  assertEditable(survey);
  const opensAt = parseOptionalTime('opens_at', args.opens_at);
  const closesAt = parseOptionalTime('closes_at', args.closes_at);
  const title = args.title === undefined ? undefined : checkLength('title', args.title, 1, 200);
  const description = args.description === undefined ? undefined : checkDescription(args.description);
  const effectiveOpens = opensAt === undefined ? survey.opensAt : opensAt;
  if (closesAt !== undefined && closesAt !== null) {
    if (closesAt <= now) throw validationFailed(`'closes_at' ${shown(args.closes_at)} is in the past: give a future time or null`);
    if (effectiveOpens !== null && closesAt <= effectiveOpens) {
      throw validationFailed(`'closes_at' ${shown(args.closes_at)} is not after 'opens_at' ${new Date(effectiveOpens).toISOString()}`);
    }
  } else if (opensAt !== undefined && opensAt !== null && survey.closesAt !== null && survey.closesAt <= opensAt) {
    throw validationFailed(`'opens_at' ${shown(args.opens_at)} is not before 'closes_at' ${new Date(survey.closesAt).toISOString()}`);
  }
  if (args.response_limit !== undefined && args.response_limit !== null) {
    const limit = args.response_limit;
    if (!Number.isInteger(limit) || limit < 1) {
      throw validationFailed(`'response_limit' must be a whole number of at least 1 (or null for none), got ${limit}`);
    }
    if (limit < survey.responseCounts.completed) {
      throw validationFailed(
        `'response_limit' ${limit} is below the ${survey.responseCounts.completed} completed responses already in`,
      );
    }
  }
  if (args.anonymous !== undefined && args.anonymous !== survey.anonymous && hasResponses(survey)) {
    throw validationFailed(`'anonymous' cannot change once survey '${survey.id}' has responses`);
  }
  return { title, description, opensAt, closesAt, responseLimit: args.response_limit, anonymous: args.anonymous };
}

export interface SetSurveyStatusArgs {
  survey_id: string;
  status: SurveyStatus;
}

export interface SetSurveyStatusResult {
  survey: SurveyJson;
  /** The status before this call. */
  previous_status: SurveyStatus;
  changed: boolean;
}
