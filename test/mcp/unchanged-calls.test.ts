/**
 * A call that changes nothing is answered as such and leaves no audit event, on both stores:
 * `share_survey` with role none for someone who never had access, or the role they hold;
 * `update_survey` with no field or the values the survey has; `update_question` as the question
 * is. Before, each was recorded in the trail as a change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTeamServer, type Team } from '../helpers/backends.js';
import { callConfirmed, callTool } from '../helpers/mcp.js';

describe.each(backends)('calls that change nothing on %s', (backend) => {
  let team: Team;
  let surveyId = '';
  beforeAll(async () => {
    team = await startTeamServer(backend);
    const created = await callTool(team.server, team.alice, 'create_survey', {
      workspace_id: 'wsp_test',
      title: 'Quiet',
      description: 'Nothing to see',
      questions: [{ type: 'single_choice', text: 'Plan?', choices: ['Free', 'Pro'] }],
    });
    surveyId = created.payload.survey.id;
  });
  afterAll(() => team.close());

  const events = async () => (await team.server.store.listAuditEvents({ surveyId, limit: 100 })).map((event) => event.action);
  const call = (name: string, args: Record<string, unknown>) => callConfirmed(team.server, team.alice, name, args);

  it('share_survey none for someone who never had access: changed false, the collaborators as they were, no event', async () => {
    const before = await events();
    const answer = await call('share_survey', { survey_id: surveyId, user_email: 'bob@example.com', role: 'none' });
    expect(answer.payload).toEqual({ survey_id: surveyId, collaborators: [], changed: false });
    expect(await events()).toEqual(before);
  });

  it('share_survey of the role a person holds: changed false and no event; a new role: changed true and one event', async () => {
    const granted = await call('share_survey', { survey_id: surveyId, user_email: 'bob@example.com', role: 'viewer' });
    expect(granted.payload).toMatchObject({ changed: true, collaborators: [{ email: 'bob@example.com', role: 'viewer' }] });
    const before = await events();
    const again = await call('share_survey', { survey_id: surveyId, user_email: 'bob@example.com', role: 'viewer' });
    expect(again.payload).toEqual({ ...granted.payload, changed: false });
    expect(await events()).toEqual(before);
    expect((await call('share_survey', { survey_id: surveyId, user_email: 'bob@example.com', role: 'none' })).payload.changed).toBe(true);
    expect(await events()).toEqual(['survey.share', ...before]);
  });

  it('update_survey with no field, or the title and description it has: changed false, updated_at kept, no event', async () => {
    const before = await events();
    const { survey } = (await callTool(team.server, team.alice, 'get_survey', { survey_id: surveyId })).payload;
    for (const args of [{}, { title: 'Quiet' }, { title: '  Quiet ', description: 'Nothing to see', anonymous: false, response_limit: null }]) {
      const answer = await call('update_survey', { survey_id: surveyId, ...args });
      expect(answer.payload).toEqual({ survey, changed: false });
    }
    expect(await events()).toEqual(before);
    const renamed = await call('update_survey', { survey_id: surveyId, title: 'Loud' });
    expect(renamed.payload).toMatchObject({ survey: { title: 'Loud' }, changed: true });
    expect(await events()).toEqual(['survey.update', ...before]);
  });

  it('update_question with nothing new: changed false, the same version, no event', async () => {
    const [question] = (await callTool(team.server, team.alice, 'get_survey', { survey_id: surveyId })).payload.questions;
    const before = await events();
    const choices = question.choices.map(({ id, label }: { id: string; label: string }) => ({ id, label }));
    for (const args of [{}, { text: 'Plan?', position: 1, choices, version: question.version }]) {
      const answer = await call('update_question', { question_id: question.id, ...args });
      expect(answer.payload).toEqual({ question, changed: false });
    }
    expect(await events()).toEqual(before);
  });
});
