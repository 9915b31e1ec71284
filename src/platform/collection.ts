import type { Survey, SurveyStatus } from '../store/survey-store.js';
import { confirmationTtlMs } from './confirmation-seal.js';
import { hasResponses, isLive } from './states.js';

/**
 * The one rule of when a change to a survey with responses starts or stops its collection, and so
 * needs the person's confirmation, whichever field causes it (docs/tools.md, "Confirmations"):
 * `set_survey_status` and `update_survey` both ask it.
 */

/** What a change does to collection: stops it for good, stops it for a while, or lets answers in again. */
export type CollectionChange = 'ends' | 'pauses' | 'reopens';

export interface CollectionEffect {
  readonly change: CollectionChange;
  /** What happens, in plain words (a status change: after the survey's name, "stops it collecting responses"; a schedule change: a whole sentence). */
  readonly words: string;
}

/** A change of the schedule, as `update_survey` parsed it (epoch ms; null clears; undefined keeps). */
export interface ScheduleChange {
  readonly opensAt?: number | null;
  readonly closesAt?: number | null;
  readonly responseLimit?: number | null;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** What moving `survey` to `to` does to its collection; undefined when it has no responses or collection goes on as it was. */
export function statusEffect(survey: Survey, to: SurveyStatus): CollectionEffect | undefined {
  if (!hasResponses(survey) || survey.status === to) return undefined;
  if (to === 'closed' && isLive(survey.status)) return { change: 'ends', words: 'stops it collecting responses' };
  if (to === 'paused' && survey.status === 'open') return { change: 'pauses', words: 'stops it collecting responses until it is resumed' };
  if (to === 'open' && survey.status === 'paused') return { change: 'reopens', words: 'starts collecting responses again' };
  if (to === 'open' && survey.status === 'closed') return { change: 'reopens', words: 'starts collecting responses again' };
  return undefined;
}

/**
 * What a schedule change does to the collection of a live survey with responses, each in a
 * sentence about `titled` (`survey "Lunch poll"`) that has `responses` (`12 responses`): a
 * `closes_at` reached before a confirmation asked now would expire ends it (a past one is refused
 * anyway), a `response_limit` at or under the completed responses ends it (under is refused
 * anyway), an `opens_at` moved into the future pauses an open survey until then.
 */
export function scheduleEffects(survey: Survey, change: ScheduleChange, now: number, titled: string, responses: string): CollectionEffect[] {
  if (!hasResponses(survey) || !isLive(survey.status)) return [];
  const effects: CollectionEffect[] = [];
  const { opensAt, closesAt, responseLimit } = change;
  if (typeof closesAt === 'number' && closesAt !== survey.closesAt && closesAt <= now + confirmationTtlMs) {
    const words = `Setting the closing time of ${titled} to ${iso(closesAt)} closes it within ${confirmationTtlMs / 60_000} minutes: it stops collecting responses; it has ${responses}.`;
    effects.push({ change: 'ends', words });
  }
  const completed = survey.responseCounts.completed;
  if (typeof responseLimit === 'number' && responseLimit !== survey.responseLimit && responseLimit <= completed) {
    const words = `Setting the response limit of ${titled} to ${responseLimit.toLocaleString('en')} closes it now: it has ${completed.toLocaleString('en')} completed response${completed === 1 ? '' : 's'}.`;
    effects.push({ change: 'ends', words });
  }
  if (survey.status === 'open' && typeof opensAt === 'number' && opensAt > now && opensAt !== survey.opensAt) {
    const words = `Moving the opening time of ${titled} to ${iso(opensAt)} stops it collecting responses until then; it has ${responses}.`;
    effects.push({ change: 'pauses', words });
  }
  return effects;
}
