import type { Answer, NewQuestion, ResponseStatus, SurveyResponse } from '../../store/survey-store.js';
import { firstNames, lastNames } from './texts.js';
import type { Random } from './random.js';

export type DemoAnswer = { choice: number } | { choices: number[] } | { number: number } | { text: string };

/** Draws one answer from a respondent's mood (0 unhappy … 1 delighted); undefined skips the question. */
export type AnswerDraw = (random: Random, mood: number) => DemoAnswer | undefined;

export interface ResponsePlan {
  readonly surveyId: string;
  readonly idPrefix: string;
  readonly questions: ReadonlyArray<{ question: NewQuestion; draw: AnswerDraw }>;
  readonly anonymous: boolean;
  /** Submitted times rise through [from, to) (epoch ms) with the response index, over `expected` responses. */
  readonly from: number;
  readonly to: number;
  readonly expected: number;
  /** Skews moods positive, NPS-style: weights of moods 0, 0.1, … 1. */
  readonly moodWeights: readonly number[];
}

const day = 86_400_000;
export const daysBefore = (now: number, days: number): number => now - days * day;

const channels = ['email', 'link', 'embed'] as const;
const channelWeights = [50, 35, 15];

const ascii = (text: string): string => text.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();

function toAnswers(question: NewQuestion, drawn: DemoAnswer): Answer[] {
  const blank = { questionId: question.id, choiceId: null, number: null, text: null };
  if ('choice' in drawn) return [{ ...blank, choiceId: question.choices[drawn.choice]!.id }];
  if ('choices' in drawn) return drawn.choices.map((index) => ({ ...blank, choiceId: question.choices[index]!.id }));
  if ('number' in drawn) return [{ ...blank, number: drawn.number }];
  return [{ ...blank, text: drawn.text }];
}

/** About 10% partial (the first questions only) and 2% disqualified (screened out after one). */
export function drawResponse(random: Random, plan: ResponsePlan, index: number): SurveyResponse {
  const roll = random.next();
  const status: ResponseStatus = roll < 0.02 ? 'disqualified' : roll < 0.12 ? 'partial' : 'completed';
  const mood = random.weighted(plan.moodWeights) / (plan.moodWeights.length - 1);
  const answered =
    status === 'completed' ? plan.questions.length : status === 'partial' ? Math.ceil(plan.questions.length / 2) : 1;
  const answers = plan.questions.slice(0, answered).flatMap(({ question, draw }) => {
    const drawn = draw(random, mood);
    return drawn === undefined ? [] : toAnswers(question, drawn);
  });
  // Times rise with the index (as they do in life), which also keeps index inserts near the end.
  const progress = Math.min(1, (index + random.next()) / plan.expected);
  const submittedAt = Math.min(plan.to - 1, Math.floor(plan.from + progress * (plan.to - plan.from)));
  const durationMs = random.int(45, 900) * 1000;
  const first = random.pick(firstNames);
  const last = random.pick(lastNames);
  return {
    id: `${plan.idPrefix}${String(index + 1).padStart(7, '0')}`,
    surveyId: plan.surveyId,
    status,
    channel: channels[random.weighted(channelWeights)]!,
    respondentEmail: plan.anonymous ? null : `${ascii(first)}.${ascii(last)}${index % 97}@example.org`,
    respondentName: plan.anonymous ? null : `${first} ${last}`,
    startedAt: submittedAt - durationMs,
    submittedAt,
    durationMs,
    answers,
  };
}
