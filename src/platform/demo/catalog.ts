import type { QuestionType, SurveyStatus } from '../../store/survey-store.js';
import type { AnswerDraw } from './responses.js';
import { comment, offsiteNotes, phrases, pulseNotes } from './texts.js';

export interface DemoQuestion {
  readonly type: QuestionType;
  readonly text: string;
  readonly required?: boolean;
  readonly choices?: readonly string[];
  readonly settings?: Record<string, unknown>;
  readonly draw: AnswerDraw;
}

export interface DemoSurvey {
  readonly id: string;
  readonly workspaceId: string;
  readonly ownerId: string;
  readonly title: string;
  readonly description: string;
  readonly status: SurveyStatus;
  readonly previousStatus?: SurveyStatus;
  readonly anonymous?: boolean;
  readonly responseLimit?: number;
  readonly createdDaysAgo: number;
  /** Days ago of the first and last submission. */
  readonly window: readonly [number, number];
  /** Responses to draw; with a response limit, draws continue until that many completed. */
  readonly responses: number;
  readonly questions: readonly DemoQuestion[];
}

export const demoUsers = [
  { id: 'usr_demo_alice', email: 'alice@example.com', name: 'Alice Moreau' },
  { id: 'usr_demo_bob', email: 'bob@example.com', name: 'Bob Lindqvist' },
  { id: 'usr_demo_carol', email: 'carol@example.com', name: 'Carol Nakamura' },
  { id: 'usr_demo_dave', email: 'dave@example.com', name: 'Dave Okafor' },
  { id: 'usr_demo_erin', email: 'erin@example.com', name: 'Erin Walsh' },
] as const;

export const demoPassword = 'survey-demo';

export const demoWorkspaces = [
  {
    id: 'wsp_demo_acme',
    name: 'Acme Product',
    members: [
      ['usr_demo_alice', 'admin'],
      ['usr_demo_bob', 'member'],
      ['usr_demo_dave', 'member'],
    ],
  },
  {
    id: 'wsp_demo_studio',
    name: 'Northwind Studio',
    members: [
      ['usr_demo_carol', 'admin'],
      ['usr_demo_erin', 'member'],
    ],
  },
] as const;

export const demoShares = [
  ['srv_demo_nps', 'usr_demo_bob', 'analyst'],
  ['srv_demo_feedback', 'usr_demo_bob', 'analyst'],
  ['srv_demo_pulse', 'usr_demo_bob', 'viewer'],
  ['srv_demo_nps', 'usr_demo_dave', 'viewer'],
  ['srv_demo_onboarding', 'usr_demo_dave', 'editor'],
  ['srv_demo_offsite', 'usr_demo_erin', 'analyst'],
] as const;

const skip = (chance: number, draw: AnswerDraw): AnswerDraw => (random, mood) =>
  random.chance(chance) ? undefined : draw(random, mood);
const npsDraw: AnswerDraw = (random, mood) => ({ number: Math.min(10, Math.max(0, Math.round(mood * 10 + (random.next() - 0.5)))) });
const ratingDraw = (max: number): AnswerDraw => (random, mood) => ({
  number: Math.min(max, Math.max(1, Math.round(1 + mood * (max - 1) + (random.next() - 0.5) * 1.5))),
});
const pickDraw = (count: number): AnswerDraw => (random) => ({ choice: random.int(0, count - 1) });
const textDraw = (texts: readonly string[]): AnswerDraw => (random) => ({ text: random.pick(texts) });
const commentDraw: AnswerDraw = (random, mood) => ({ text: comment(random, mood) });

/** NPS-like: most people are happy, a tail is not. */
const positive = [1, 1, 1, 2, 2, 3, 5, 9, 15, 28, 33];
export const moodWeights = { positive, even: [1, 2, 3, 5, 8, 10, 8, 5, 3, 2, 1] };

export const demoSurveys: readonly DemoSurvey[] = [
  {
    id: 'srv_demo_nps',
    workspaceId: 'wsp_demo_acme',
    ownerId: 'usr_demo_alice',
    title: 'Customer NPS, Q2',
    description: 'How likely are customers to recommend Acme? Sent to all active accounts.',
    status: 'open',
    createdDaysAgo: 95,
    window: [90, 0],
    responses: 1500,
    questions: [
      { type: 'nps', text: 'How likely are you to recommend Acme to a friend or colleague?', required: true, draw: npsDraw },
      {
        type: 'single_choice',
        text: 'Which plan are you on?',
        required: true,
        choices: ['Free', 'Pro', 'Enterprise'],
        draw: (random, mood) => ({ choice: random.weighted(mood >= 0.9 ? [2, 4, 4] : mood >= 0.7 ? [3, 4, 2] : [5, 3, 1]) }),
      },
      { type: 'long_text', text: 'What is the main reason for your score?', draw: skip(0.35, commentDraw) },
    ],
  },
  {
    id: 'srv_demo_feedback',
    workspaceId: 'wsp_demo_acme',
    ownerId: 'usr_demo_alice',
    title: 'Product feedback 2026',
    description: 'Open feedback from in-app prompts and the newsletter.',
    status: 'open',
    createdDaysAgo: 92,
    window: [88, 0],
    responses: 800,
    questions: [
      { type: 'rating', text: 'How satisfied are you with Acme overall?', required: true, settings: { min: 1, max: 5 }, draw: ratingDraw(5) },
      {
        type: 'multiple_choice',
        text: 'Which features do you use every week?',
        choices: ['Dashboards', 'Reports', 'Integrations', 'Mobile app', 'API', 'Alerts'],
        draw: (random) => {
          const chosen = [0, 1, 2, 3, 4, 5].filter((index) => random.chance([0.7, 0.55, 0.4, 0.25, 0.15, 0.3][index]!));
          return { choices: chosen.length > 0 ? chosen : [0] };
        },
      },
      { type: 'short_text', text: 'In a few words, what is Acme for you?', draw: skip(0.3, textDraw(phrases)) },
      { type: 'long_text', text: 'What should we improve first?', draw: skip(0.25, commentDraw) },
    ],
  },
  {
    id: 'srv_demo_pulse',
    workspaceId: 'wsp_demo_acme',
    ownerId: 'usr_demo_alice',
    title: 'Team pulse, March',
    description: 'Anonymous monthly check-in for the product team.',
    status: 'closed',
    previousStatus: 'open',
    anonymous: true,
    createdDaysAgo: 60,
    window: [58, 30],
    responses: 300,
    questions: [
      { type: 'rating', text: 'How manageable was your workload this month?', required: true, settings: { min: 1, max: 5 }, draw: ratingDraw(5) },
      { type: 'single_choice', text: 'Which team are you on?', choices: ['Engineering', 'Design', 'Sales', 'Support'], draw: (random) => ({ choice: random.weighted([5, 2, 2, 2]) }) },
      { type: 'long_text', text: 'Anything you want leadership to know?', draw: skip(0.5, textDraw(pulseNotes)) },
      { type: 'date', text: 'When did you last take a full day off?', draw: (random) => ({ text: `2026-0${random.int(1, 3)}-${String(random.int(10, 28))}` }) },
      { type: 'number', text: 'Hours of focused work per week?', settings: { min: 0, max: 60 }, draw: (random, mood) => ({ number: Math.round(8 + mood * 20 + random.next() * 10) }) },
    ],
  },
  {
    id: 'srv_demo_onboarding',
    workspaceId: 'wsp_demo_acme',
    ownerId: 'usr_demo_alice',
    title: 'New customer onboarding',
    description: 'Draft: asked two weeks after sign-up.',
    status: 'draft',
    createdDaysAgo: 5,
    window: [0, 0],
    responses: 0,
    questions: [
      { type: 'single_choice', text: 'How did you hear about us?', choices: ['Search', 'A colleague', 'Conference', 'Social media'], draw: pickDraw(4) },
      { type: 'multiple_choice', text: 'What did you set up in week one?', choices: ['Workspace', 'Integrations', 'Invites', 'First report'], draw: pickDraw(4) },
      { type: 'rating', text: 'How easy was the setup?', settings: { min: 1, max: 7 }, draw: ratingDraw(7) },
      { type: 'nps', text: 'How likely are you to recommend us so far?', draw: npsDraw },
      { type: 'number', text: 'How many people on your team use Acme?', draw: (random) => ({ number: random.int(1, 40) }) },
      { type: 'short_text', text: 'Your role?', draw: textDraw(['PM', 'Engineer']) },
      { type: 'long_text', text: 'What almost stopped you from signing up?', draw: commentDraw },
      { type: 'date', text: 'When do you plan to roll out to the whole team?', draw: () => ({ text: '2026-06-01' }) },
    ],
  },
  {
    id: 'srv_demo_webinar',
    workspaceId: 'wsp_demo_acme',
    ownerId: 'usr_demo_alice',
    title: 'Webinar follow-up: reporting deep dive',
    description: 'Paused while the recording is re-edited.',
    status: 'paused',
    previousStatus: 'open',
    createdDaysAgo: 40,
    window: [38, 20],
    responses: 120,
    questions: [
      { type: 'rating', text: 'How useful was the webinar?', required: true, settings: { min: 1, max: 5 }, draw: ratingDraw(5) },
      { type: 'single_choice', text: 'Would you join another one?', choices: ['Yes', 'Maybe', 'No'], draw: (random, mood) => ({ choice: mood > 0.6 ? 0 : random.int(1, 2) }) },
      { type: 'short_text', text: 'Which topic should we cover next?', draw: skip(0.4, textDraw(['Alerts', 'The API', 'Permissions', 'Mobile reports'])) },
    ],
  },
  {
    id: 'srv_demo_launch',
    workspaceId: 'wsp_demo_acme',
    ownerId: 'usr_demo_alice',
    title: 'Beta launch: first impressions',
    description: 'Closed automatically when it reached its 200-response limit.',
    status: 'closed',
    previousStatus: 'open',
    responseLimit: 200,
    createdDaysAgo: 80,
    window: [78, 65],
    responses: 200,
    questions: [
      { type: 'single_choice', text: 'What did you try first?', required: true, choices: ['Dashboards', 'Reports', 'Alerts'], draw: pickDraw(3) },
      { type: 'nps', text: 'How likely are you to recommend the beta?', required: true, draw: npsDraw },
    ],
  },
  {
    id: 'srv_demo_2025',
    workspaceId: 'wsp_demo_acme',
    ownerId: 'usr_demo_alice',
    title: 'Annual customer survey 2025',
    description: 'Last year’s survey, archived for reference.',
    status: 'archived',
    previousStatus: 'closed',
    createdDaysAgo: 89,
    window: [88, 75],
    responses: 150,
    questions: [
      { type: 'rating', text: 'Overall satisfaction in 2025', required: true, settings: { min: 1, max: 10 }, draw: ratingDraw(10) },
      { type: 'long_text', text: 'What changed for you this year?', draw: skip(0.4, commentDraw) },
    ],
  },
  {
    id: 'srv_demo_offsite',
    workspaceId: 'wsp_demo_studio',
    ownerId: 'usr_demo_carol',
    title: 'Studio offsite planning',
    description: 'Where and when should the studio meet this autumn?',
    status: 'open',
    createdDaysAgo: 20,
    window: [18, 0],
    responses: 100,
    questions: [
      { type: 'single_choice', text: 'Preferred venue', required: true, choices: ['Lisbon', 'Copenhagen', 'The mountains'], draw: pickDraw(3) },
      { type: 'date', text: 'Which start date suits you best?', draw: (random) => ({ text: `2026-09-${String(random.int(7, 25)).padStart(2, '0')}` }) },
      { type: 'long_text', text: 'Anything we should plan for?', draw: skip(0.3, textDraw(offsiteNotes)) },
    ],
  },
];
