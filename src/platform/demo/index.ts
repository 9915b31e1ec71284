import { DuplicateRecordError } from '../../store/errors.js';
import type { Store } from '../../store/store.js';
import type { NewQuestion, SurveyResponse } from '../../store/survey-store.js';
import type { Operator, PlatformContext } from '../context.js';
import { hashPassword } from '../passwords.js';
import { checkSettings } from '../question-rules.js';
import { demoPassword, demoShares, demoSurveys, demoUsers, demoWorkspaces, moodWeights, type DemoSurvey } from './catalog.js';
import { Random } from './random.js';
import { daysBefore, drawResponse, type ResponsePlan } from './responses.js';

export { demoPassword, demoUsers } from './catalog.js';

const batchSize = 1000;

/** `serve` seeds the demo only into a store with no users yet. */
export async function isStoreEmpty(ctx: PlatformContext, _actor: Operator): Promise<boolean> {
  return (await ctx.store.listUsers()).length === 0;
}

/** The demo questions with fixed ids (`qst_demo_nps_1`, `chc_demo_nps_2_1`, …). */
export function demoQuestions(survey: DemoSurvey): Array<{ question: NewQuestion; draw: ResponsePlan['questions'][number]['draw'] }> {
  const key = survey.id.slice('srv_'.length);
  return survey.questions.map((spec, index) => ({
    question: {
      id: `qst_${key}_${index + 1}`,
      surveyId: survey.id,
      type: spec.type,
      text: spec.text,
      description: '',
      required: spec.required ?? false,
      settings: checkSettings(spec.type, spec.settings),
      choices: (spec.choices ?? []).map((label, choice) => ({ id: `chc_${key}_${index + 1}_${choice + 1}`, label })),
    },
    draw: spec.draw,
  }));
}

/** Inserts responses in batches, one transaction each. */
export async function insertInBatches(store: Store, responses: Iterable<SurveyResponse>, onBatch?: (done: number) => void): Promise<void> {
  let batch: SurveyResponse[] = [];
  let done = 0;
  for (const response of responses) {
    batch.push(response);
    if (batch.length === batchSize) {
      await store.insertResponses(batch);
      done += batch.length;
      onBatch?.(done);
      batch = [];
    }
  }
  if (batch.length > 0) {
    await store.insertResponses(batch);
    onBatch?.(done + batch.length);
  }
}

function* demoResponses(random: Random, survey: DemoSurvey, plan: ResponsePlan): Generator<SurveyResponse> {
  let completed = 0;
  for (let index = 0; survey.responseLimit ? completed < survey.responseLimit : index < survey.responses; index++) {
    const response = drawResponse(random, plan, index);
    if (response.status === 'completed') completed++;
    yield response;
  }
}

/**
 * Seeds the demo people, workspaces, surveys, shares and ~3,200 responses. Deterministic: the
 * same ids and rows on every run for the same clock (only the password hash's salt differs).
 * False when another process got there first (several instances starting on one empty
 * PostgreSQL database: the first user's unique email decides who seeds).
 */
export async function seedDemo({ store, clock }: PlatformContext, _actor: Operator): Promise<boolean> {
  const now = clock.now();
  const passwordHash = await hashPassword(demoPassword);
  const created = daysBefore(now, 100);
  const [first, ...others] = demoUsers;
  try {
    await store.insertUser({ ...first!, passwordHash, createdAt: created });
  } catch (error) {
    if (error instanceof DuplicateRecordError) return false;
    throw error;
  }
  for (const user of others) await store.insertUser({ ...user, passwordHash, createdAt: created });
  for (const workspace of demoWorkspaces) {
    await store.insertWorkspace({ id: workspace.id, name: workspace.name, createdAt: created });
    for (const [userId, role] of workspace.members) await store.setWorkspaceMember(workspace.id, userId, role);
  }
  const random = new Random(20260301);
  for (const survey of demoSurveys) {
    const questions = demoQuestions(survey);
    const createdAt = daysBefore(now, survey.createdDaysAgo);
    const [firstDay, lastDay] = survey.window;
    const lastResponse = daysBefore(now, lastDay);
    const published = survey.status !== 'draft';
    const closed = survey.status === 'closed' || survey.previousStatus === 'closed';
    await store.insertSurvey(
      {
        id: survey.id,
        workspaceId: survey.workspaceId,
        ownerId: survey.ownerId,
        title: survey.title,
        description: survey.description,
        status: survey.status,
        previousStatus: survey.previousStatus ?? (published ? 'draft' : null),
        anonymous: survey.anonymous ?? false,
        opensAt: null,
        closesAt: null,
        responseLimit: survey.responseLimit ?? null,
        createdAt,
        updatedAt: closed ? lastResponse : createdAt,
        publishedAt: published ? daysBefore(now, firstDay) : null,
        closedAt: closed ? lastResponse : null,
        archivedAt: survey.status === 'archived' ? daysBefore(now, 10) : null,
      },
      questions.map((q) => q.question),
    );
    const plan: ResponsePlan = {
      surveyId: survey.id,
      idPrefix: `rsp_${survey.id.slice('srv_'.length)}_`,
      questions,
      anonymous: survey.anonymous ?? false,
      from: daysBefore(now, firstDay),
      to: lastDay === 0 ? now : lastResponse,
      expected: survey.responseLimit ? Math.ceil(survey.responseLimit * 1.15) : survey.responses,
      moodWeights: survey.id === 'srv_demo_pulse' ? moodWeights.even : moodWeights.positive,
    };
    await insertInBatches(store, demoResponses(random, survey, plan));
  }
  for (const [surveyId, userId, role] of demoShares) {
    await store.setCollaborator({ surveyId, userId, role, grantedBy: demoSurveys.find((s) => s.id === surveyId)!.ownerId, grantedAt: created });
  }
  return true;
}
