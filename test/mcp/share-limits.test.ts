/**
 * A share answered as failed is not stored, and the owner can always read their survey, on both
 * stores. Before the cap, a survey shared with 9,000 people answered a share with `validation
 * failed: … over the 1.0 MB` yet stored, audited and enforced it, and its owner's get_survey
 * could no longer answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/ids.js';
import { maxCollaborators } from '../../src/platform/shares.js';
import { maxQuestionsChars } from '../../src/platform/survey-size.js';
import { maxAnswerChars } from '../../src/mcp/tool-result.js';
import { backends, startTeamServer, type Team } from '../helpers/backends.js';
import { callConfirmed, callTool, callToolRaw } from '../helpers/mcp.js';

/** The longest email a person may have (254 characters), every quote in it escaped in JSON. */
const longestEmail = (i: number) => `${`"${i}`.padEnd(240, '"')}@example.com`.padEnd(254, 'x');

describe.each(backends)('collaborators of a survey on %s', (backend) => {
  let team: Team;
  /** 100 people whose emails and names are as long as allowed, written straight to the store. */
  const people: string[] = [];
  beforeAll(async () => {
    team = await startTeamServer(backend);
    for (let i = 0; i < maxCollaborators; i++) {
      people.push((await team.server.store.insertUser({ id: newId('usr'), email: longestEmail(i), name: '"'.repeat(100), passwordHash: 'x', createdAt: 0 })).id);
    }
  });
  afterAll(() => team.close());

  const call = (name: string, args: Record<string, unknown>) => callConfirmed(team.server, team.alice, name, args);

  /** A survey with the longest description, shared with all of `people` straight in the store. */
  async function sharedSurvey(questions: unknown[] = [], title = 'Shared') {
    const created = await call('create_survey', { workspace_id: 'wsp_test', title, description: '"'.repeat(2000), questions });
    const survey = created.payload.survey;
    for (const userId of people) {
      await team.server.store.setCollaborator({ surveyId: survey.id, userId, role: 'viewer', grantedBy: survey.owner_id, grantedAt: 0 });
    }
    return survey.id as string;
  }

  it(`refuses a ${maxCollaborators + 1}st collaborator naming the cap, stores and audits nothing, and still changes a role at the cap`, async () => {
    const surveyId = await sharedSurvey();
    // Bob is outside the workspace, which a first share asks about; one the cap refuses is refused unasked.
    const refused = await callTool(team.server, team.alice, 'share_survey', { survey_id: surveyId, user_email: 'bob@example.com', role: 'analyst' });
    expect(refused.payload.error).toBe(
      `validation failed: survey '${surveyId}' is shared with the most people a survey may be, 100, so 'bob@example.com' cannot be added: remove someone first (share_survey with role none)`,
    );
    expect(await team.server.store.listCollaborators(surveyId)).toHaveLength(maxCollaborators);
    expect((await team.server.store.listAuditEvents({ surveyId, limit: 10 })).map((event) => event.action)).toEqual(['survey.create']);
    const bob = await callTool(team.server, team.bob, 'get_survey', { survey_id: surveyId });
    expect(bob.payload.error).toBe(`not authorized to view survey '${surveyId}'`);
    const raised = await callToolRaw(team.server, team.alice, 'share_survey', { survey_id: surveyId, user_email: longestEmail(7), role: 'analyst' });
    expect(raised.body.result.structuredContent.collaborators).toHaveLength(maxCollaborators);
    // The largest answer a change other than create_survey gives: a batch keeps 512 KiB for one (batch-work.ts).
    expect(JSON.stringify(raised.body).length).toBeLessThan(512 * 1024);
  });

  it('answers the owner a survey at every bound at once: 900 KiB of questions, the longest title and description, 100 of the longest collaborators', async () => {
    const question = (i: number) => ({ type: 'single_choice', text: `Q${i}`.padEnd(500, '"'), choices: Array.from({ length: 50 }, (_, c) => `${i}-${c}`.padEnd(200, '.')) });
    const perQuestion = JSON.stringify((await call('create_survey', { workspace_id: 'wsp_test', title: 'Probe', questions: [question(0)] })).payload.questions[0]).length + 1;
    const questions = Array.from({ length: Math.floor(maxQuestionsChars / perQuestion) }, (_, i) => question(i));
    const surveyId = await sharedSurvey(questions, '"'.repeat(200));
    const read = await callTool(team.server, team.alice, 'get_survey', { survey_id: surveyId });
    expect(read.isError).toBe(false);
    expect(read.payload.collaborators).toHaveLength(maxCollaborators);
    expect(JSON.stringify(read.payload).length).toBeLessThanOrEqual(maxAnswerChars);
  });
});
