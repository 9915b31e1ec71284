import type { SurveyResponse } from '../../store/survey-store.js';
import type { Operator, PlatformContext } from '../context.js';
import { notFound, validationFailed } from '../errors.js';
import { newId } from '../ids.js';
import { checkSettings } from '../question-rules.js';
import { checkLength } from '../values.js';
import { moodWeights } from './catalog.js';
import { Random } from './random.js';
import { daysBefore, drawResponse, type AnswerDraw, type ResponsePlan } from './responses.js';
import { comment } from './texts.js';
import { insertInBatches } from './index.js';

export interface LoadSurveyOptions {
  readonly responses: number;
  readonly title: string;
  readonly ownerEmail: string;
  readonly onProgress?: (done: number) => void;
}

/** A new open survey with N generated responses over the last 90 days, for measuring at scale. */
export async function seedLoadSurvey({ store, clock }: PlatformContext, _actor: Operator, options: LoadSurveyOptions): Promise<string> {
  const owner = await store.findUserByEmail(options.ownerEmail);
  if (!owner) throw notFound('user', options.ownerEmail);
  const workspace = (await store.listMemberships(owner.id))[0]?.workspace;
  if (!workspace) throw validationFailed(`'${owner.email}' belongs to no workspace, so cannot own a survey`);
  const title = checkLength('title', options.title, 1, 200);
  const now = clock.now();
  const surveyId = newId('srv');
  const question = (type: 'nps' | 'single_choice' | 'rating' | 'long_text', text: string, draw: AnswerDraw, choices: string[] = []) => ({
    question: {
      id: newId('qst'),
      surveyId,
      type,
      text,
      description: '',
      required: type !== 'long_text',
      settings: checkSettings(type, type === 'rating' ? { min: 1, max: 5 } : undefined),
      choices: choices.map((label) => ({ id: newId('chc'), label })),
    },
    draw,
  });
  const questions = [
    question('nps', 'How likely are you to recommend us?', (_random, mood) => ({ number: Math.round(mood * 10) })),
    question('single_choice', 'Which plan are you on?', (random) => ({ choice: random.weighted([5, 3, 2]) }), ['Free', 'Pro', 'Enterprise']),
    question('rating', 'How satisfied are you overall?', (random, mood) => ({ number: Math.max(1, Math.min(5, Math.round(1 + mood * 4 + random.next() - 0.5))) })),
    question('long_text', 'What should we improve?', (random, mood) => (random.chance(0.6) ? { text: comment(random, mood) } : undefined)),
  ];
  await store.insertSurvey(
    {
      id: surveyId,
      workspaceId: workspace.id,
      ownerId: owner.id,
      title,
      description: `${options.responses} generated responses`,
      status: 'open',
      previousStatus: 'draft',
      anonymous: false,
      opensAt: null,
      closesAt: null,
      responseLimit: null,
      createdAt: daysBefore(now, 91),
      updatedAt: now,
      publishedAt: daysBefore(now, 90),
      closedAt: null,
      archivedAt: null,
    },
    questions.map((q) => q.question),
  );
  const plan: ResponsePlan = {
    surveyId,
    idPrefix: `rsp_${surveyId.slice('srv_'.length, 'srv_'.length + 8)}_`,
    questions,
    anonymous: false,
    from: daysBefore(now, 90),
    to: now,
    expected: options.responses,
    moodWeights: moodWeights.positive,
  };
  const random = new Random(options.responses);
  function* responses(): Generator<SurveyResponse> {
    for (let index = 0; index < options.responses; index++) yield drawResponse(random, plan, index);
  }
  await insertInBatches(store, responses(), options.onProgress);
  return surveyId;
}
