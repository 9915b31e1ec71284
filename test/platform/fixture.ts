import { ManualClock } from '../../src/platform/clock.js';
import { createPlatform, type Platform } from '../../src/platform/index.js';
import type { Store } from '../../src/store/store.js';
import type { Answer, SurveyResponse } from '../../src/store/survey-store.js';
import { openSqliteStore } from '../../src/store/sqlite/index.js';

export const start = Date.parse('2026-03-01T09:00:00Z');
const hour = 3_600_000;

export interface Fixture {
  store: Store;
  clock: ManualClock;
  platform: Platform;
  surveyId: string;
  q: { nps: string; plan: string; rating: string; number: string; why: string; day: string; features: string };
  choice: (questionId: string, label: string) => string;
}

const people = ['owner', 'admin', 'member', 'viewer', 'analyst', 'editor', 'stranger', 'disabled'] as const;
export const id = (person: (typeof people)[number]) => `usr_${person}`;

/** A store with one workspace, one person per role, and an empty draft survey of every question type. */
export async function emptyFixture(): Promise<Omit<Fixture, 'surveyId' | 'q' | 'choice'>> {
  const store = openSqliteStore(':memory:');
  const clock = new ManualClock(start);
  for (const person of people) {
    await store.insertUser({ id: id(person), email: `${person}@test.example`, name: person, passwordHash: 'x', createdAt: start });
  }
  await store.setUserDisabled(id('disabled'), true);
  await store.insertWorkspace({ id: 'wsp_a', name: 'A', createdAt: start });
  await store.insertWorkspace({ id: 'wsp_b', name: 'B', createdAt: start });
  await store.setWorkspaceMember('wsp_a', id('owner'), 'member');
  await store.setWorkspaceMember('wsp_a', id('admin'), 'admin');
  await store.setWorkspaceMember('wsp_a', id('member'), 'member');
  await store.setWorkspaceMember('wsp_a', id('disabled'), 'admin');
  return { store, clock, platform: createPlatform({ store, clock }) };
}

/** Ten completed responses whose aggregates are worked out by hand in the tests, plus one partial and one disqualified. */
export const npsScores = [10, 9, 9, 8, 7, 6, 5, 10, 3, 9];
export const plans = ['Pro', 'Pro', 'Free', 'Free', 'Pro', 'Free', 'Free', 'Pro', 'Free', 'Free'];
export const ratings = [5, 4, 4, 3, 5, 2, 1, 5, 4, 4];
export const longText = 'x'.repeat(600);

export async function fixture(options: { anonymous?: boolean } = {}): Promise<Fixture> {
  const base = await emptyFixture();
  const { platform, store } = base;
  const created = await platform.createSurvey(id('owner'), {
    workspace_id: 'wsp_a',
    title: 'Fixture survey',
    anonymous: options.anonymous,
    questions: [
      { type: 'nps', text: 'Recommend?' },
      { type: 'single_choice', text: 'Plan?', choices: ['Free', 'Pro'] },
      { type: 'rating', text: 'Satisfied?', settings: { min: 1, max: 5 } },
      { type: 'number', text: 'Team size?' },
      { type: 'long_text', text: 'Why?' },
      { type: 'date', text: 'Since?' },
      { type: 'multiple_choice', text: 'Features?', choices: ['A', 'B', 'C'] },
    ],
  });
  const [nps, plan, rating, number, why, day, features] = created.questions.map((question) => question.id) as [string, string, string, string, string, string, string];
  const labels = new Map(created.questions.flatMap((question) => question.choices.map((c) => [`${question.id}/${c.label}`, c.id] as const)));
  const choice = (questionId: string, label: string) => labels.get(`${questionId}/${label}`)!;
  const surveyId = created.survey.id;
  await platform.setSurveyStatus(id('owner'), { survey_id: surveyId, status: 'open' });
  const blank = { choiceId: null, number: null, text: null };
  const answer = (questionId: string, value: Partial<Answer>): Answer => ({ ...blank, questionId, ...value });
  const responses: SurveyResponse[] = npsScores.map((score, index) => {
    const answers = [
      answer(nps, { number: score }),
      answer(plan, { choiceId: choice(plan, plans[index]!) }),
      answer(rating, { number: ratings[index]! }),
    ];
    if (index < 3) answers.push(answer(number, { number: (index + 1) * 10 }));
    if (index < 6) answers.push(answer(why, { text: index === 0 ? longText : `reason ${index}` }));
    if (index < 2) answers.push(answer(day, { text: ['2026-01-05', '2026-02-10'][index]! }));
    const chosen = [['A', 'B'], ['B'], ['A', 'C']][index];
    for (const label of chosen ?? []) answers.push(answer(features, { choiceId: choice(features, label) }));
    return response(surveyId, index, 'completed', answers);
  });
  responses.push(response(surveyId, 10, 'partial', [answer(nps, { number: 0 })]));
  responses.push(response(surveyId, 11, 'disqualified', []));
  await store.insertResponses(responses);
  return { ...base, surveyId, q: { nps, plan, rating, number, why, day, features }, choice };
}

function response(surveyId: string, index: number, status: SurveyResponse['status'], answers: Answer[]): SurveyResponse {
  const submittedAt = start + (index + 1) * hour;
  return {
    id: `rsp_f${String(index).padStart(2, '0')}`,
    surveyId,
    status,
    channel: index % 2 === 0 ? 'email' : 'link',
    respondentEmail: `r${index}@example.org`,
    respondentName: `Respondent ${index}`,
    startedAt: submittedAt - 60_000,
    submittedAt,
    durationMs: 60_000,
    answers,
  };
}
