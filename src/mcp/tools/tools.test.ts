import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.js';
import { operator } from '../../platform/context.js';
import { seedDemo } from '../../platform/demo/index.js';
import { createPlatform, type Platform } from '../../platform/index.js';
import { openStore } from '../../store/open.js';
import type { Store } from '../../store/store.js';
import type { SurveyTool } from '../tool.js';
import { createToolRegistry } from '../tool-registry.js';
import { surveyTools } from './index.js';

const alice = 'usr_demo_alice';
const bob = 'usr_demo_bob';

let store: Store;
let platform: Platform;

beforeAll(async () => {
  const clock = new ManualClock(Date.parse('2026-04-01T12:00:00Z'));
  store = await openStore(':memory:');
  await seedDemo({ store, clock }, operator);
  platform = createPlatform({ store, clock });
});

afterAll(() => store.close());

const toolNamed = (name: string): SurveyTool => surveyTools.find((tool) => tool.name === name)!;

// What SDK clients do with structuredContent: validate it against the listed JSON Schema.
const validator = new AjvJsonSchemaValidator();
const listed = new Map(createToolRegistry(surveyTools).list().tools.map((tool) => [tool.name, tool]));

/**
 * Runs a tool on the demo store as `userId` and checks its result against both the strict zod
 * output schema (a field the schema forgot fails) and the JSON Schema clients receive.
 */
async function call(name: string, userId: string, args: Record<string, unknown>): Promise<Record<string, any>> {
  const tool = toolNamed(name);
  const result = await tool.run({ platform, userId }, tool.input.parse(args));
  const parsed = tool.output.parse(result);
  expect(parsed).toEqual(result);
  const check = validator.getValidator(listed.get(name)!.outputSchema!)(result);
  expect(check.errorMessage).toBeUndefined();
  return result as Record<string, any>;
}

async function draftSurvey(): Promise<{ surveyId: string; questionId: string; questionVersion: string }> {
  const { survey, questions } = await platform.createSurvey(alice, {
    workspace_id: 'wsp_demo_acme',
    title: 'Team lunch',
    questions: [
      { type: 'single_choice', text: 'Where?', choices: ['Pizza', 'Sushi'] },
      { type: 'short_text', text: 'Anything else?' },
    ],
  });
  return { surveyId: survey.id, questionId: questions[0]!.id, questionVersion: questions[0]!.version };
}

describe('tool results match their output schemas', () => {
  it('get_me describes the person and their workspaces', async () => {
    const me = await call('get_me', alice, {});
    expect(me.workspaces).toEqual([{ id: 'wsp_demo_acme', name: 'Acme Product', role: 'admin' }]);
  });

  it('list_surveys pages through every survey in every state', async () => {
    const first = await call('list_surveys', alice, { limit: 3 });
    expect(first.surveys).toHaveLength(3);
    expect(first.next_cursor).toEqual(expect.any(String));
    const rest = await call('list_surveys', alice, { limit: 100, cursor: first.next_cursor });
    expect(rest.next_cursor).toBeNull();
    expect(first.surveys.length + rest.surveys.length).toBe(first.total);
  });

  it('get_survey shows collaborators to the owner and hides them from others', async () => {
    const owner = await call('get_survey', alice, { survey_id: 'srv_demo_nps' });
    expect(owner.collaborators.length).toBeGreaterThan(0);
    const analyst = await call('get_survey', bob, { survey_id: 'srv_demo_nps' });
    expect(analyst).not.toHaveProperty('collaborators');
  });

  it('get_survey_results covers NPS, choices, text samples and segments', async () => {
    const results = await call('get_survey_results', alice, { survey_id: 'srv_demo_nps', segment_by: 'qst_demo_nps_2' });
    expect(results.questions[0].nps.score).toEqual(expect.any(Number));
    expect(results.segmented_by.segments.length).toBeGreaterThan(1);
  });

  it('get_survey_results covers ratings, numbers, dates and hidden texts for a viewer', async () => {
    const results = await call('get_survey_results', bob, { survey_id: 'srv_demo_pulse', status: 'completed' });
    const types = results.questions.map((question: { type: string }) => question.type);
    expect(types).toEqual(expect.arrayContaining(['rating', 'number', 'date', 'long_text']));
    expect(results.questions.find((q: { type: string }) => q.type === 'long_text').samples_hidden).toEqual(expect.any(String));
  });

  it('list_responses returns answers of every type, with anonymous respondents as null', async () => {
    const named = await call('list_responses', alice, { survey_id: 'srv_demo_feedback', limit: 50 });
    expect(named.responses[0].respondent).not.toBeNull();
    const anonymous = await call('list_responses', alice, { survey_id: 'srv_demo_pulse', status: 'completed', limit: 5 });
    expect(anonymous.responses[0].respondent).toBeNull();
  });

  it('list_responses filters by one answer', async () => {
    const page = await call('list_responses', alice, {
      survey_id: 'srv_demo_nps',
      where: { question_id: 'qst_demo_nps_1', min: 9 },
      submitted_after: '2026-01-01T00:00:00Z',
      limit: 5,
    });
    for (const response of page.responses) expect(response.answers[0].value).toBeGreaterThanOrEqual(9);
  });

  it('get_response returns every answer with its question text', async () => {
    const page = await call('list_responses', alice, { survey_id: 'srv_demo_feedback', limit: 1 });
    const { response } = await call('get_response', alice, { response_id: page.responses[0].id });
    expect(response.answers[0].question_text).toEqual(expect.any(String));
  });

  it('create_survey returns the new draft with its questions', async () => {
    const created = await call('create_survey', alice, {
      workspace_id: 'wsp_demo_acme',
      title: 'Office move',
      anonymous: true,
      questions: [{ type: 'rating', text: 'How is the new office?', settings: { min: 1, max: 7 }, required: true }],
    });
    expect(created.survey).toMatchObject({ status: 'draft', my_role: 'owner', anonymous: true });
    expect(created.questions[0].settings).toEqual({ min: 1, max: 7 });
  });

  it('update_survey returns the changed survey', async () => {
    const { surveyId } = await draftSurvey();
    const { survey } = await call('update_survey', alice, {
      survey_id: surveyId,
      closes_at: '2026-05-01T00:00:00Z',
      response_limit: 50,
    });
    expect(survey).toMatchObject({ closes_at: '2026-05-01T00:00:00.000Z', response_limit: 50 });
  });

  it('set_survey_status publishes a draft and reports an unchanged status', async () => {
    const { surveyId } = await draftSurvey();
    expect(await call('set_survey_status', alice, { survey_id: surveyId, status: 'open' })).toMatchObject({
      previous_status: 'draft',
      changed: true,
    });
    expect(await call('set_survey_status', alice, { survey_id: surveyId, status: 'open' })).toMatchObject({ changed: false });
  });

  it('add_question, update_question and delete_question return the question they touched', async () => {
    const { surveyId, questionId, questionVersion } = await draftSurvey();
    const { question: added } = await call('add_question', alice, {
      survey_id: surveyId,
      type: 'multiple_choice',
      text: 'Which days?',
      choices: ['Monday', 'Friday'],
      position: 1,
    });
    expect(added.position).toBe(1);
    const { question: updated } = await call('update_question', alice, {
      question_id: questionId,
      text: 'Where shall we go?',
      choices: [{ label: 'Tacos' }, { label: 'Pizza' }],
      version: questionVersion,
    });
    expect(updated.choices.map((choice: { label: string }) => choice.label)).toEqual(['Tacos', 'Pizza']);
    expect(await call('delete_question', alice, { question_id: added.id })).toEqual({
      deleted: true,
      question_id: added.id,
      survey_id: surveyId,
    });
  });

  it('share_survey returns the collaborators after a grant and after a removal', async () => {
    const { surveyId } = await draftSurvey();
    const shared = await call('share_survey', alice, { survey_id: surveyId, user_email: 'carol@example.com', role: 'analyst' });
    expect(shared.collaborators).toMatchObject([{ email: 'carol@example.com', role: 'analyst', granted_by: alice }]);
    expect((await call('share_survey', alice, { survey_id: surveyId, user_email: 'carol@example.com', role: 'none' })).collaborators).toEqual([]);
  });

  it('list_audit_events pages through the workspace trail, the newest first, each event as its schema says', async () => {
    const { surveyId } = await draftSurvey();
    await call('update_survey', alice, { survey_id: surveyId, title: 'Team dinner' });
    const first = await call('list_audit_events', alice, { workspace_id: 'wsp_demo_acme', survey_id: surveyId, limit: 1 });
    expect(first).toMatchObject({ workspace_id: 'wsp_demo_acme', total: 2, next_cursor: expect.any(String) });
    expect(first.events).toEqual([
      expect.objectContaining({ action: 'survey.update', user_id: alice, user_email: 'alice@example.com', client_id: null, survey_id: surveyId, detail: { fields: ['title'] } }),
    ]);
    const rest = await call('list_audit_events', alice, { workspace_id: 'wsp_demo_acme', survey_id: surveyId, limit: 1, cursor: first.next_cursor });
    expect(rest.events.map((event: { action: string }) => event.action)).toEqual(['survey.create']);
    expect(rest.next_cursor).toBeNull();
  });

  it('leaves no tool without a case above', () => {
    const covered = ['get_me', 'list_surveys', 'get_survey', 'get_survey_results', 'list_responses', 'get_response', 'create_survey', 'update_survey', 'set_survey_status', 'add_question', 'update_question', 'delete_question', 'share_survey', 'list_audit_events'];
    expect(surveyTools.map((tool) => tool.name).sort()).toEqual(covered.sort());
  });
});
