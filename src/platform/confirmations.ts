import { createHash } from 'node:crypto';
import type { ConfirmationStatus } from '../store/confirmation-uses.js';
import type { CollaboratorRole, Question, Survey } from '../store/survey-store.js';
import { scheduleEffects, statusEffect } from './collection.js';
import type { PlatformContext } from './context.js';
import { PlatformError, shown } from './errors.js';
import { questionVersion } from './present.js';
import { plannedQuestionUpdate, type UpdateQuestionArgs } from './questions.js';
import { maxCollaborators } from './shares.js';
import { can, effectiveRole, type Capability, type EffectiveRole } from './roles.js';
import { autoCloseDue, hasResponses, isLive, reopenProblem, transitionCapability, transitionProblem } from './states.js';
import { plannedSurveyUpdate, type UpdateSurveyArgs } from './surveys.js';

/** The operations that may need a person's confirmation (docs/tools.md, "Confirmations"). */
export type ConfirmableOperation = 'setSurveyStatus' | 'shareSurvey' | 'updateQuestion' | 'deleteQuestion' | 'updateSurvey';

/** A call that needs confirmation: the survey it changes, what will happen in plain words, and a digest of the state those words describe. */
export interface ConfirmationAsk {
  readonly surveyId: string;
  readonly summary: string;
  /** SHA-256 of what the summary was drawn from (a role, a question's text and choices, a status): if it changes, the call asks again. */
  readonly state: string;
}

/** A confirmation being used: its unique id, kept until it expires, the survey and the state it was issued for, and the call it confirms. */
export interface ConfirmationUse {
  readonly id: string;
  readonly surveyId: string;
  readonly expiresAt: number;
  readonly state: string;
  readonly actorUserId: string;
  readonly operation: ConfirmableOperation;
  readonly args: Args;
}

/** The digest of the state a confirmation describes: the values in the order given. */
const digest = (...values: unknown[]): string => createHash('sha256').update(JSON.stringify(values)).digest('base64url');

/** A refusal the operation itself will give: such a call is never asked about. */
function refused(check: () => void): boolean {
  try {
    check();
    return false;
  } catch (error) {
    if (error instanceof PlatformError) return true;
    throw error;
  }
}

type Args = Readonly<Record<string, unknown>>;

/**
 * Whether `operation` with `args` needs the person's confirmation, decided from the current
 * state, and its summary. Undefined when it does not, and also when the call will be refused
 * anyway (no such survey, no permission, a change the rules forbid): the operation then answers
 * with its own error, and nobody is asked to confirm what cannot happen.
 */
export async function confirmationNeeded(
  ctx: PlatformContext,
  actorUserId: string,
  operation: ConfirmableOperation,
  args: Args,
): Promise<ConfirmationAsk | undefined> {
  switch (operation) {
    case 'setSurveyStatus':
      return statusChange(ctx, actorUserId, args);
    case 'shareSurvey':
      return shareChange(ctx, actorUserId, args);
    case 'updateQuestion':
      return questionChange(ctx, actorUserId, args, false);
    case 'deleteQuestion':
      return questionChange(ctx, actorUserId, args, true);
    case 'updateSurvey':
      return surveyChange(ctx, actorUserId, args);
  }
}

/** The survey if `actorUserId` may do `capability` on it, with their role; else undefined. */
async function permitted(ctx: PlatformContext, actorUserId: string, surveyId: unknown, capability: Capability | ((survey: Survey) => Capability)) {
  if (typeof surveyId !== 'string') return undefined;
  const record = await ctx.store.findSurveyAccess(surveyId, actorUserId);
  if (!record || !record.user || record.user.disabled) return undefined;
  const { workspaceRole, collaboratorRole } = record;
  const survey = asItWillBe(ctx, record.survey);
  const role = effectiveRole({ userId: actorUserId, ownerId: survey.ownerId, workspaceRole, collaboratorRole });
  const needed = typeof capability === 'function' ? capability(survey) : capability;
  return can(role, needed) ? { survey, role: role as EffectiveRole } : undefined;
}

/**
 * The survey as the operation will find it: one due to close is closed first (`closeIfDue`), so a
 * decision on its stored status would wave through what the closed survey's rules ask about.
 */
const asItWillBe = (ctx: PlatformContext, survey: Survey): Survey =>
  autoCloseDue(survey, ctx.clock.now()) ? { ...survey, status: 'closed', previousStatus: survey.status } : survey;

const count = (n: number, noun: string): string => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;
const responseCount = (survey: Survey): number =>
  survey.responseCounts.completed + survey.responseCounts.partial + survey.responseCounts.disqualified;
const titled = (survey: Survey): string => `survey "${shown(survey.title)}"`;
const responses = (survey: Survey): string => count(responseCount(survey), 'response');

async function statusChange(ctx: PlatformContext, actorUserId: string, args: Args): Promise<ConfirmationAsk | undefined> {
  const to = args['status'];
  if (to !== 'closed' && to !== 'open' && to !== 'paused' && to !== 'archived') return undefined;
  const found = await permitted(ctx, actorUserId, args['survey_id'], (survey) => transitionCapability(survey.status, to));
  if (!found) return undefined;
  const { survey } = found;
  if (!hasResponses(survey) || survey.status === to || transitionProblem(survey.status, to, survey.previousStatus)) return undefined;
  const state = digest(survey.status, survey.previousStatus);
  if (to === 'archived') {
    return { surveyId: survey.id, state, summary: `Archiving ${titled(survey)} takes it and its ${responses(survey)} out of use until it is restored.` };
  }
  const effect = statusEffect(survey, to);
  if (!effect || (survey.status === 'closed' && reopenProblem(survey))) return undefined;
  const doing = { closed: 'Closing', paused: 'Pausing', open: survey.status === 'paused' ? 'Resuming' : 'Reopening' }[to];
  const summary =
    effect.change === 'reopens'
      ? `${doing} ${titled(survey)} ${effect.words}, after the ${responses(survey)} it has.`
      : `${doing} ${titled(survey)} ${effect.words}; it has ${responses(survey)}.`;
  return { surveyId: survey.id, state, summary };
}

const roleRank: Readonly<Record<CollaboratorRole, number>> = { viewer: 1, analyst: 2, editor: 3 };
/** What a person can no longer do once their role drops below each one. */
const lostWith: Readonly<Record<CollaboratorRole, string>> = {
  viewer: 'seeing it and its results',
  analyst: 'reading its individual responses',
  editor: 'editing, opening and closing it',
};

async function shareChange(ctx: PlatformContext, actorUserId: string, args: Args): Promise<ConfirmationAsk | undefined> {
  const { user_email: email, role } = args;
  if (typeof email !== 'string' || (role !== 'none' && !(typeof role === 'string' && Object.hasOwn(roleRank, role)))) return undefined;
  const found = await permitted(ctx, actorUserId, args['survey_id'], 'manage');
  const person = found && (await ctx.store.findUserByEmail(email));
  if (!found || !person || person.id === found.survey.ownerId) return undefined;
  const { survey } = found;
  const workspaceRole = await ctx.store.findWorkspaceRole(survey.workspaceId, person.id);
  if (workspaceRole === 'admin') return undefined;
  const current = (await ctx.store.findCollaborator(survey.id, person.id))?.role;
  const who = shown(person.email);
  const state = digest(person.id, current ?? null, workspaceRole ?? null);
  if (role === 'none') {
    if (!current) return undefined;
    return {
      surveyId: survey.id,
      state,
      summary: `Removing ${who}'s ${current} access to ${titled(survey)} (${responses(survey)}): they lose it on their very next call.`,
    };
  }
  const next = role as CollaboratorRole;
  if (current && roleRank[next] < roleRank[current]) {
    const lost = (Object.keys(roleRank) as CollaboratorRole[]).filter((r) => roleRank[r] > roleRank[next] && roleRank[r] <= roleRank[current]);
    return {
      surveyId: survey.id,
      state,
      summary: `Lowering ${who}'s role on ${titled(survey)} (${responses(survey)}) from ${current} to ${next}: they stop ${lost.map((r) => lostWith[r]).join(' and ')}.`,
    };
  }
  // A first share with someone outside the workspace; raising an outsider who has access already
  // is not asked, nor a share the collaborator cap refuses.
  if (workspaceRole === undefined && !current && (await ctx.store.listCollaborators(survey.id)).length < maxCollaborators) {
    return {
      surveyId: survey.id,
      state,
      summary: `Sharing ${titled(survey)} (${responses(survey)}) as ${next} with ${who}, who is outside the survey's workspace.`,
    };
  }
  return undefined;
}

/** What `update_question` would change that answers already given were given to. */
const changesWhatWasAnswered = (args: Args): boolean =>
  args['text'] !== undefined || args['description'] !== undefined || args['choices'] !== undefined || args['settings'] !== undefined;

const questionLabel = (question: Question): string => {
  const choices = question.choices.length > 0 ? ` and its ${count(question.choices.length, 'choice')}` : '';
  return `question ${question.position} "${shown(question.text)}"${choices}`;
};

async function questionChange(ctx: PlatformContext, actorUserId: string, args: Args, deleting: boolean): Promise<ConfirmationAsk | undefined> {
  const questionId = args['question_id'];
  // Reordering, making optional and the like need no read: they never ask.
  if (!deleting && !changesWhatWasAnswered(args)) return undefined;
  const question = typeof questionId === 'string' ? await ctx.store.findQuestion(questionId) : undefined;
  const found = question && (await permitted(ctx, actorUserId, question.surveyId, 'edit'));
  if (!question || !found || found.survey.status === 'archived') return undefined;
  // An edit based on another version of the question is refused as a conflict, unasked.
  if (!deleting && args['version'] !== undefined && args['version'] !== questionVersion(question)) return undefined;
  const { survey } = found;
  const state = digest(question.text, question.description, question.choices.map((choice) => [choice.id, choice.label]), question.settings);
  if (deleting) {
    // A survey with responses keeps its questions, a live one its last: that deletion is refused, not asked about.
    if (hasResponses(survey) || (isLive(survey.status) && (await ctx.store.listQuestions(survey.id)).length === 1)) return undefined;
    return { surveyId: survey.id, state, summary: `Deleting ${questionLabel(question)} from ${titled(survey)} cannot be undone.` };
  }
  if (!hasResponses(survey)) return undefined;
  // A locked change (settings, removed choices, …) is refused by update_question itself: nobody is asked first.
  const existing = await ctx.store.listQuestions(survey.id);
  if (refused(() => plannedQuestionUpdate(survey, question, existing, args as unknown as UpdateQuestionArgs))) return undefined;
  return {
    surveyId: survey.id,
    state,
    summary: `Changing ${questionLabel(question)} of ${titled(survey)}, which has ${responses(survey)}: the answers already given were given to the question as it is now.`,
  };
}

async function surveyChange(ctx: PlatformContext, actorUserId: string, args: Args): Promise<ConfirmationAsk | undefined> {
  if (args['closes_at'] === undefined && args['opens_at'] === undefined && args['response_limit'] === undefined) return undefined;
  const found = await permitted(ctx, actorUserId, args['survey_id'], 'edit');
  if (!found) return undefined;
  const { survey } = found;
  const now = ctx.clock.now();
  let planned: ReturnType<typeof plannedSurveyUpdate> | undefined;
  if (refused(() => (planned = plannedSurveyUpdate(survey, args as unknown as UpdateSurveyArgs, now)))) return undefined;
  const effects = scheduleEffects(survey, planned!, now, titled(survey), responses(survey));
  if (effects.length === 0) return undefined;
  return {
    surveyId: survey.id,
    state: digest(survey.status, survey.opensAt, survey.closesAt, survey.responseLimit),
    summary: effects.map((effect) => effect.words).join(' '),
  };
}

/**
 * Runs `work` (the confirmed change) with confirmation `use` recorded as used, as one unit with
 * the survey locked, so two uses at once cannot both run. `used` when it was used already:
 * nothing ran. `changed` with the new question when what the person was told no longer holds (a
 * role, a question's text or choices, a status changed since): nothing ran, and the confirmation
 * stays unused. A change that `work` throws out of leaves the confirmation unused on PostgreSQL
 * (the unit rolls back), used on SQLite (its units are no transactions).
 */
export function withConfirmationUsed<T>(
  ctx: PlatformContext,
  use: ConfirmationUse,
  work: (ctx: PlatformContext) => Promise<T>,
): Promise<{ readonly used: true } | { readonly changed: ConfirmationAsk } | { readonly used: false; readonly value: T }> {
  return ctx.store.withSurveyLocked(use.surveyId, async (store) => {
    const unit = { ...ctx, store };
    const now = await confirmationNeeded(unit, use.actorUserId, use.operation, use.args);
    if (now && now.state !== use.state) return { changed: now } as const;
    if (!(await store.useConfirmation(use.id, use.expiresAt, ctx.clock.now()))) return { used: true } as const;
    return { used: false, value: await work(unit) } as const;
  });
}

/** Spends confirmation `id` unused (the person declined): it can no longer apply anything. */
export const spendConfirmation = (ctx: PlatformContext, id: string, expiresAt: number): Promise<boolean> =>
  ctx.store.useConfirmation(id, expiresAt, ctx.clock.now());

/** Records that the person confirmed `id` on our page, until it expires. */
export const approveConfirmation = (ctx: PlatformContext, id: string, expiresAt: number): Promise<void> =>
  ctx.store.approveConfirmation(id, expiresAt, ctx.clock.now());

/** Whether the person confirmed `id` on our page, and whether it was used or declined already. */
export const confirmationStatus = (ctx: PlatformContext, id: string): Promise<ConfirmationStatus> => ctx.store.confirmationStatus(id, ctx.clock.now());
