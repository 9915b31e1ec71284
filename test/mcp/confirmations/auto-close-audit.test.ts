/**
 * A survey that closes by itself, on both stores: its `closes_at` came, or its completed responses
 * reached `response_limit`. The audit trail records it as `survey.status` with no actor and its cause.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/platform/ids.js';
import { backends, startTeamServer, type Team } from '../../helpers/backends.js';
import { callConfirmed, callTool } from '../../helpers/mcp.js';

describe.each(backends)('a survey closed by itself (%s)', (backend) => {
  let team: Team;
  beforeAll(async () => {
    team = await startTeamServer(backend);
  });
  afterAll(() => team.close());

  async function openSurvey(): Promise<string> {
    const created = await callTool(team.server, team.alice, 'create_survey', { workspace_id: 'wsp_test', title: 'Closing', questions: [{ type: 'short_text', text: 'Why?' }] });
    const surveyId = (created.payload as { survey: { id: string } }).survey.id;
    await callTool(team.server, team.alice, 'set_survey_status', { survey_id: surveyId, status: 'open' });
    return surveyId;
  }

  async function respond(surveyId: string): Promise<void> {
    const now = team.server.clock.now();
    await team.server.store.insertResponses([
      { id: newId('rsp'), surveyId, status: 'completed', channel: 'link', respondentEmail: null, respondentName: null, startedAt: now, submittedAt: now, durationMs: null, answers: [] },
    ]);
  }

  const closings = async (surveyId: string) => {
    const listed = await callTool(team.server, team.alice, 'list_audit_events', { workspace_id: 'wsp_test', survey_id: surveyId });
    return (listed.payload as { events: Array<{ action: string; user_email: string | null; detail: Record<string, unknown> }> }).events.filter(
      (event) => event.action === 'survey.status' && event.detail['to'] === 'closed',
    );
  };

  it('records a close at closes_at with its cause and time, by no one', async () => {
    const surveyId = await openSurvey();
    const closesAt = new Date(team.server.clock.now() + 10 * 60_000).toISOString();
    await callTool(team.server, team.alice, 'update_survey', { survey_id: surveyId, closes_at: closesAt });
    team.server.clock.advance(11 * 60_000);
    expect((await callTool(team.server, team.alice, 'get_survey', { survey_id: surveyId })).payload['survey'].status).toBe('closed');
    expect(await closings(surveyId)).toEqual([expect.objectContaining({ user_email: null, detail: { from: 'open', to: 'closed', cause: 'closes_at', closes_at: closesAt } })]);
  });

  it('records a close at the response limit with its cause, once, after the person confirmed the limit', async () => {
    const surveyId = await openSurvey();
    await respond(surveyId);
    await respond(surveyId);
    // At the count the survey closes at once: the person confirms first.
    const limited = await callConfirmed(team.server, team.alice, 'update_survey', { survey_id: surveyId, response_limit: 2 });
    expect(limited.payload['survey'].status).toBe('closed');
    await callTool(team.server, team.alice, 'get_survey', { survey_id: surveyId });
    expect(await closings(surveyId)).toEqual([expect.objectContaining({ user_email: null, detail: { from: 'open', to: 'closed', cause: 'response_limit', response_limit: 2 } })]);
  });
});
