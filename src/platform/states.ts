import type { Survey, SurveyStatus } from '../store/survey-store.js';
import type { Capability } from './roles.js';

export const surveyStatuses: readonly SurveyStatus[] = ['draft', 'open', 'paused', 'closed', 'archived'];

/** `draft → open ⇄ paused → closed → open`, `draft|closed → archived → back to previous`. */
export function allowedTargets(from: SurveyStatus, previousStatus: SurveyStatus | null): SurveyStatus[] {
  switch (from) {
    case 'draft':
      return ['open', 'archived'];
    case 'open':
      return ['paused', 'closed'];
    case 'paused':
      return ['open', 'closed'];
    case 'closed':
      return ['open', 'archived'];
    case 'archived':
      return previousStatus === 'draft' || previousStatus === 'closed' ? [previousStatus] : ['draft'];
  }
}

/** Archiving and restoring are the owner's; every other move needs an editor. */
export const transitionCapability = (from: SurveyStatus, to: SurveyStatus): Capability =>
  from === 'archived' || to === 'archived' ? 'manage' : 'edit';

/** Why `from → to` is refused, or undefined when the move itself is allowed. */
export function transitionProblem(from: SurveyStatus, to: SurveyStatus, previousStatus: SurveyStatus | null): string | undefined {
  const targets = allowedTargets(from, previousStatus);
  if (targets.includes(to)) return undefined;
  return `cannot change status from '${from}' to '${to}' (allowed: ${targets.join(', ')})`;
}

export interface PublishFacts {
  readonly questionCount: number;
  /** Texts of choice questions with fewer than two choices. */
  readonly choiceQuestionsShort: readonly string[];
  readonly closesAt: number | null;
}

/** What must hold whenever a survey is open or paused: respondents can answer it. */
export const isLive = (status: SurveyStatus): boolean => status === 'open' || status === 'paused';

export type Opening = 'publishing' | 'resuming' | 'reopening';

const openedAs: Record<Opening, string> = { publishing: 'published', resuming: 'resumed', reopening: 'reopened' };

/** Why a survey may not become open (publish, resume or reopen): the rules a live survey keeps. */
export function publishProblem(facts: PublishFacts, now: number, doing: Opening = 'publishing'): string | undefined {
  if (facts.questionCount === 0) return `a survey needs at least one question to be ${openedAs[doing]}`;
  if (facts.choiceQuestionsShort.length > 0) {
    return `choice question '${facts.choiceQuestionsShort[0]}' needs at least 2 choices before ${doing}`;
  }
  if (facts.closesAt !== null && facts.closesAt <= now) {
    return `'closes_at' ${new Date(facts.closesAt).toISOString()} has passed: move it to the future or clear it before ${doing}`;
  }
  return undefined;
}

/** Reopening also needs room under the response limit. */
export function reopenProblem(survey: Survey): string | undefined {
  if (limitReached(survey)) {
    return `the response limit of ${survey.responseLimit} is reached: raise 'response_limit' or clear it before reopening`;
  }
  return undefined;
}

const limitReached = (survey: Survey): boolean =>
  survey.responseLimit !== null && survey.responseCounts.completed >= survey.responseLimit;

/** Why an open or paused survey is closed on access: past its closes_at, or at its response limit; undefined when it is not due. */
export function autoCloseCause(survey: Survey, now: number): 'closes_at' | 'response_limit' | undefined {
  if (survey.status !== 'open' && survey.status !== 'paused') return undefined;
  if (survey.closesAt !== null && survey.closesAt <= now) return 'closes_at';
  return limitReached(survey) ? 'response_limit' : undefined;
}

export const autoCloseDue = (survey: Survey, now: number): boolean => autoCloseCause(survey, now) !== undefined;

/** Once any response exists, the structure that answers refer to is frozen. */
export const hasResponses = (survey: Survey): boolean =>
  survey.responseCounts.completed + survey.responseCounts.partial + survey.responseCounts.disqualified > 0;
