/**
 * What holds across all tools: the tool-error envelope of spec 7.2 and life after an error, the
 * live permission rule of tools.md (a share granted or removed counts from the very next call,
 * mid-pagination included), and the order of the checks: exists, then may open, then valid.
 */
import { describe, expect, it } from 'vitest';
import { postMcp, rpc } from '../../helpers/mcp.js';
import type { Json } from '../../helpers/server.js';
import { day, isoFromNow, lunchPollWithResponses, newSurvey, useToolServer, walkPages, type Person } from './support.js';

const tools = useToolServer();
const { ok, fails } = tools;

const share = (surveyId: string, person: Person, role: string) =>
  ok('alice', 'share_survey', { survey_id: surveyId, user_email: `${person}@example.com`, role });

describe('tool errors are results, not broken connections (spec 7.2)', () => {
  it('answers each kind of error with HTTP 200 and a result, after which the same token just works', async () => {
    const errors: Array<[string, Json, string | RegExp]> = [
      ['get_survey', { survey_id: 'srv_nope' }, "survey 'srv_nope' not found"],
      ['list_responses', { survey_id: 'srv_demo_pulse' }, "not authorized to view responses of survey 'srv_demo_pulse'"],
      ['get_survey_results', { survey_id: 'srv_demo_nps', segment_by: 'qst_demo_nps_3' }, "validation failed: 'segment_by' must be a single_choice question, 'qst_demo_nps_3' is long_text"],
      ['list_responses', { survey_id: 'srv_demo_nps', limit: 101 }, "validation failed: 'limit' must be at most 100"],
      ['delete_survey', { survey_id: 'srv_demo_nps' }, /^unknown tool 'delete_survey': the tools are get_me, list_surveys, /],
    ];
    for (const [name, args, message] of errors) {
      await fails('bob', name, args, message);
      const page = await ok('bob', 'list_responses', { survey_id: 'srv_demo_nps', limit: 2 });
      expect(page.responses).toHaveLength(2);
    }
  });

  it('treats a tools/call without arguments as empty arguments', async () => {
    const call = (name: string) => postMcp(tools.server, rpc('tools/call', { name }), { token: tools.token('bob') }).then((r) => r.json() as Promise<Json>);
    expect((await call('get_me')).result.structuredContent.user.email).toBe('bob@example.com');
    expect((await call('get_survey')).result).toEqual({
      content: [{ type: 'text', text: JSON.stringify({ error: "validation failed: 'survey_id' is required" }) }],
      isError: true,
    });
  });

  it('answers a failing and a succeeding call of one batch each under its own id', async () => {
    const failing = rpc('tools/call', { name: 'get_survey', arguments: { survey_id: 'srv_nope' } });
    const succeeding = rpc('tools/call', { name: 'get_survey', arguments: { survey_id: 'srv_demo_nps' } });
    const response = await postMcp(tools.server, [failing, succeeding], { token: tools.token('bob') });
    expect(response.status).toBe(200);
    const [first, second] = (await response.json()) as Json[];
    expect(first).toEqual({
      jsonrpc: '2.0',
      id: failing.id,
      result: { content: [{ type: 'text', text: JSON.stringify({ error: "survey 'srv_nope' not found" }) }], isError: true },
    });
    expect(second!.id).toBe(succeeding.id);
    expect(second!.result.isError).toBeUndefined();
    expect(second!.result.structuredContent.survey.id).toBe('srv_demo_nps');
  });
});

describe('permissions are checked live on every call', () => {
  it('refuses the very next call after a share is removed', async () => {
    const { survey } = await newSurvey(tools);
    await share(survey.id, 'bob', 'analyst');
    expect((await ok('bob', 'get_survey', { survey_id: survey.id })).survey.my_role).toBe('analyst');
    await share(survey.id, 'bob', 'none');
    await fails('bob', 'get_survey', { survey_id: survey.id }, `not authorized to view survey '${survey.id}'`);
    await fails('bob', 'get_survey_results', { survey_id: survey.id }, `not authorized to view survey '${survey.id}'`);
    expect((await walkPages(tools, 'bob', 'list_surveys', {})).items.map((s) => s.id)).not.toContain(survey.id);
  });

  it('refuses the next page of list_responses once the share is removed mid-pagination, and lets the same cursor go on after a new grant', async () => {
    const { detail, responseIds } = await lunchPollWithResponses(tools, 25);
    const surveyId = detail.survey.id;
    await share(surveyId, 'bob', 'analyst');
    const first = await ok('bob', 'list_responses', { survey_id: surveyId, limit: 10 });
    expect(first.responses.map((r: Json) => r.id)).toEqual(responseIds.slice(0, 10));
    const cursor = first.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));

    await share(surveyId, 'bob', 'none');
    await fails('bob', 'list_responses', { survey_id: surveyId, limit: 10, cursor }, `not authorized to view responses of survey '${surveyId}'`);
    await fails('bob', 'get_response', { response_id: responseIds[10]! }, `not authorized to view responses of survey '${surveyId}'`);

    await share(surveyId, 'bob', 'analyst');
    const second = await ok('bob', 'list_responses', { survey_id: surveyId, limit: 10, cursor });
    expect(second.responses.map((r: Json) => r.id)).toEqual(responseIds.slice(10, 20));
    const last = await ok('bob', 'list_responses', { survey_id: surveyId, limit: 10, cursor: second.next_cursor });
    expect(last).toMatchObject({ next_cursor: null, total: 25 });
    expect(last.responses.map((r: Json) => r.id)).toEqual(responseIds.slice(20));
  });

  it('refuses responses on the very next call after a role is lowered to viewer, while the survey stays visible', async () => {
    const { detail, responseIds } = await lunchPollWithResponses(tools, 3);
    const surveyId = detail.survey.id;
    await share(surveyId, 'bob', 'analyst');
    expect((await ok('bob', 'get_response', { response_id: responseIds[0]! })).response.respondent).not.toBeNull();
    await share(surveyId, 'bob', 'viewer');
    await fails('bob', 'get_response', { response_id: responseIds[0]! }, `not authorized to view responses of survey '${surveyId}'`);
    const results = await ok('bob', 'get_survey_results', { survey_id: surveyId });
    expect(results.questions[2]).toMatchObject({ answered: 3, samples_hidden: 'text answers need the analyst role or above' });
  });

  it('lets the very next call succeed after a share is granted or raised', async () => {
    const { survey } = await newSurvey(tools);
    await fails('carol', 'get_survey', { survey_id: survey.id }, `not authorized to view survey '${survey.id}'`);
    await share(survey.id, 'carol', 'viewer');
    expect((await ok('carol', 'get_survey', { survey_id: survey.id })).survey.my_role).toBe('viewer');
    expect((await ok('carol', 'list_surveys', {})).surveys.map((s: Json) => [s.id, s.my_role])).toContainEqual([survey.id, 'viewer']);
    await fails('carol', 'update_survey', { survey_id: survey.id, title: 'Carol was here' }, `not authorized to edit survey '${survey.id}'`);
    await share(survey.id, 'carol', 'editor');
    expect((await ok('carol', 'update_survey', { survey_id: survey.id, title: 'Carol was here' })).survey).toMatchObject({ title: 'Carol was here', my_role: 'editor' });
  });
});

describe('workspace roles are read live too', () => {
  it('makes a member the owner of every workspace survey on the very next call after becoming admin, and not after', async () => {
    const { store } = tools.server;
    await fails('bob', 'get_survey', { survey_id: 'srv_demo_onboarding' }, "not authorized to view survey 'srv_demo_onboarding'");
    await store.setWorkspaceMember('wsp_demo_acme', 'usr_demo_bob', 'admin');
    try {
      expect((await ok('bob', 'get_survey', { survey_id: 'srv_demo_onboarding' })).survey.my_role).toBe('owner');
    } finally {
      await store.setWorkspaceMember('wsp_demo_acme', 'usr_demo_bob', 'member');
    }
    await fails('bob', 'get_survey', { survey_id: 'srv_demo_onboarding' }, "not authorized to view survey 'srv_demo_onboarding'");
    expect((await ok('bob', 'get_survey', { survey_id: 'srv_demo_nps' })).survey.my_role).toBe('analyst');
  });
});

describe('checks run in order: exists, then may open, then valid', () => {
  it('says not found for an id that does not exist, even to a person with no access and with invalid other arguments', async () => {
    const past = isoFromNow(tools, -day);
    const cases: Array<[string, Json, string]> = [
      ['update_survey', { survey_id: 'srv_nope', closes_at: past, title: '   ' }, "survey 'srv_nope' not found"],
      ['set_survey_status', { survey_id: 'srv_nope', status: 'paused' }, "survey 'srv_nope' not found"],
      ['add_question', { survey_id: 'srv_nope', type: 'rating', text: 'Scale?', settings: { max: 20 } }, "survey 'srv_nope' not found"],
      ['update_question', { question_id: 'qst_nope', choices: [{ label: 'A' }, { label: 'a' }] }, "question 'qst_nope' not found"],
      ['list_responses', { survey_id: 'srv_nope', cursor: 'garbage', where: { question_id: 'qst_nope', contains: 'x' } }, "survey 'srv_nope' not found"],
      ['get_survey_results', { survey_id: 'srv_nope', segment_by: 'qst_nope', submitted_after: '2026-03-01T00:00:00Z', submitted_before: '2026-01-01T00:00:00Z' }, "survey 'srv_nope' not found"],
      ['share_survey', { survey_id: 'srv_nope', user_email: 'nobody@example.com', role: 'viewer' }, "survey 'srv_nope' not found"],
      ['create_survey', { workspace_id: 'wsp_nope', title: '   ' }, "workspace 'wsp_nope' not found"],
    ];
    for (const person of ['alice', 'carol'] as const) {
      for (const [name, args, message] of cases) await fails(person, name, args, message);
    }
  });

  it('says not authorized for a record the person may not open, even with arguments the record would reject', async () => {
    const past = isoFromNow(tools, -day);
    const cases: Array<[Person, string, Json, string]> = [
      ['carol', 'update_survey', { survey_id: 'srv_demo_nps', closes_at: past }, "not authorized to edit survey 'srv_demo_nps'"],
      ['carol', 'update_survey', { survey_id: 'srv_demo_2025', title: 'Archived anyway' }, "not authorized to edit survey 'srv_demo_2025'"],
      ['bob', 'add_question', { survey_id: 'srv_demo_nps', type: 'nps', text: 'Again?', required: true }, "not authorized to edit survey 'srv_demo_nps'"],
      ['carol', 'set_survey_status', { survey_id: 'srv_demo_launch', status: 'open' }, "not authorized to change the status of survey 'srv_demo_launch'"],
      ['carol', 'set_survey_status', { survey_id: 'srv_demo_nps', status: 'archived' }, "not authorized to archive survey 'srv_demo_nps'"],
      ['dave', 'list_responses', { survey_id: 'srv_demo_nps', cursor: 'garbage', where: { question_id: 'qst_demo_nps_1', contains: 'x' } }, "not authorized to view responses of survey 'srv_demo_nps'"],
      ['carol', 'get_survey_results', { survey_id: 'srv_demo_nps', segment_by: 'qst_demo_nps_1' }, "not authorized to view survey 'srv_demo_nps'"],
      ['bob', 'update_question', { question_id: 'qst_demo_nps_2', choices: [{ label: 'Only' }, { label: 'ONLY' }] }, "not authorized to edit survey 'srv_demo_nps'"],
      ['bob', 'delete_question', { question_id: 'qst_demo_nps_3' }, "not authorized to edit survey 'srv_demo_nps'"],
      ['bob', 'share_survey', { survey_id: 'srv_demo_nps', user_email: 'nobody@example.com', role: 'viewer' }, "not authorized to share survey 'srv_demo_nps'"],
      ['carol', 'create_survey', { workspace_id: 'wsp_demo_acme', title: '   ' }, "not authorized to create surveys in workspace 'wsp_demo_acme'"],
    ];
    for (const [person, name, args, message] of cases) await fails(person, name, args, message);
  });

  it('refuses an argument that breaks its schema before any lookup, so the answer says nothing about the survey', async () => {
    const message = `validation failed: 'status' must be one of "completed", "partial", "disqualified"`;
    for (const surveyId of ['srv_nope', 'srv_demo_nps', 'srv_demo_offsite']) {
      await fails('alice', 'get_survey_results', { survey_id: surveyId, status: 'done' }, message);
    }
  });
});
