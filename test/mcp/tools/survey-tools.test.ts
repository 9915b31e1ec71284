/**
 * create_survey, update_survey and set_survey_status over real HTTP. Every test that changes
 * something works on surveys it creates itself, so the tests do not depend on each other's order.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '../../helpers/server.js';
import { addResponses, day, isoFromNow, lunchPollWithResponses, lunchQuestions, newSurvey, useToolServer, walkPages } from './support.js';

const tools = useToolServer();
const { ok, fails } = tools;

/** Runs `body` with the server's clock `ms` ahead, then puts it back. */
async function later<T>(ms: number, body: () => Promise<T>): Promise<T> {
  tools.server.clock.advance(ms);
  try {
    return await body();
  } finally {
    tools.server.clock.advance(-ms);
  }
}

const everyType = [
  { type: 'single_choice', text: 'Plan?', required: true, choices: ['Free', 'Pro'] },
  { type: 'multiple_choice', text: 'Features?', choices: ['Reports', 'Alerts', 'API'] },
  { type: 'rating', text: 'Satisfaction?' },
  { type: 'nps', text: 'Recommend?' },
  { type: 'number', text: 'Team size?', settings: { min: 1 } },
  { type: 'short_text', text: 'Role?' },
  { type: 'long_text', text: 'Anything else?', description: 'Optional.' },
  { type: 'date', text: 'Start date?' },
];

describe('create_survey', () => {
  it('creates a draft owned by the caller with its questions in order, as get_survey then shows it', async () => {
    const created = await ok('alice', 'create_survey', {
      workspace_id: 'wsp_demo_acme',
      title: '  Quarterly check-in  ',
      description: 'For the whole team.',
      anonymous: true,
      questions: everyType,
    });
    expect(created.survey).toMatchObject({
      id: expect.stringMatching(/^srv_/),
      workspace_id: 'wsp_demo_acme',
      owner_id: 'usr_demo_alice',
      title: 'Quarterly check-in',
      description: 'For the whole team.',
      status: 'draft',
      previous_status: null,
      anonymous: true,
      response_counts: { completed: 0, partial: 0, disqualified: 0, total: 0 },
      published_at: null,
      my_role: 'owner',
    });
    expect(created.questions.map((q: Json) => [q.position, q.type, q.text])).toEqual(everyType.map((q, i) => [i + 1, q.type, q.text]));
    expect(created.questions[0].choices).toMatchObject([
      { id: expect.stringMatching(/^chc_/), position: 1, label: 'Free' },
      { id: expect.stringMatching(/^chc_/), position: 2, label: 'Pro' },
    ]);
    expect(created.questions[2].settings).toEqual({ min: 1, max: 5 });
    expect(created.questions[0].required).toBe(true);
    expect(created.collaborators).toEqual([]);
    expect(await ok('alice', 'get_survey', { survey_id: created.survey.id })).toEqual(created);
  });

  it('lets a workspace member create a survey they own, which the workspace admin owns too', async () => {
    const created = await newSurvey(tools, {}, 'bob');
    expect(created.survey).toMatchObject({ owner_id: 'usr_demo_bob', my_role: 'owner' });
    expect((await ok('alice', 'get_survey', { survey_id: created.survey.id })).survey.my_role).toBe('owner');
    await fails('dave', 'get_survey', { survey_id: created.survey.id }, `not authorized to view survey '${created.survey.id}'`);
  });

  it('says a workspace that does not exist is not found', async () => {
    await fails('alice', 'create_survey', { workspace_id: 'wsp_nope', title: 'Lost' }, "workspace 'wsp_nope' not found");
  });

  it('says a person outside the workspace is not authorized to create surveys in it', async () => {
    await fails('carol', 'create_survey', { workspace_id: 'wsp_demo_acme', title: 'Intruder' }, "not authorized to create surveys in workspace 'wsp_demo_acme'");
  });

  it('refuses a blank title, duplicate choices and bad settings, and leaves no survey behind', async () => {
    const before = (await ok('alice', 'list_surveys', { limit: 1 })).total;
    const create = (args: Json) => ({ workspace_id: 'wsp_demo_acme', title: 'Lunch', ...args });
    await fails('alice', 'create_survey', create({ title: '   ' }), "validation failed: 'title' must be 1 to 200 characters, got 0");
    await fails(
      'alice',
      'create_survey',
      create({ questions: [{ type: 'single_choice', text: 'Where?', choices: ['Pizza', 'pizza'] }] }),
      "validation failed: choice 'pizza' appears twice (labels are unique, ignoring case)",
    );
    await fails(
      'alice',
      'create_survey',
      create({ questions: [{ type: 'rating', text: 'How good?', settings: { min: 1, max: 11 } }] }),
      "validation failed: rating 'settings.max' must be a whole number from 3 to 10, got 11",
    );
    await fails(
      'alice',
      'create_survey',
      create({ questions: [{ type: 'rating', text: 'How good?', choices: ['Good', 'Bad'] }] }),
      "validation failed: 'choices' only apply to single_choice and multiple_choice questions, not rating",
    );
    await fails(
      'alice',
      'create_survey',
      create({ questions: [{ type: 'nps', text: 'Recommend?', settings: { max: 5 } }] }),
      "validation failed: 'settings.max' is not a setting of nps questions (they take no settings)",
    );
    expect((await ok('alice', 'list_surveys', { limit: 1 })).total).toBe(before);
  });

  it('refuses a title too long, a missing workspace and an unknown question type from the argument schema', async () => {
    await fails('alice', 'create_survey', { workspace_id: 'wsp_demo_acme', title: 'x'.repeat(201) }, "validation failed: 'title' must be at most 200 characters");
    await fails('alice', 'create_survey', { title: 'Lunch' }, "validation failed: 'workspace_id' is required");
    await fails(
      'alice',
      'create_survey',
      { workspace_id: 'wsp_demo_acme', title: 'Lunch', questions: [{ type: 'matrix', text: 'Grid?' }] },
      /^validation failed: 'questions\.0\.type' must be one of "single_choice", "multiple_choice", /,
    );
  });
});

describe('update_survey', () => {
  it('changes only the arguments given and returns the survey', async () => {
    const { survey } = await newSurvey(tools, { description: 'Before.' });
    const closesAt = isoFromNow(tools, 7 * day);
    const opensAt = isoFromNow(tools, day);
    const updated = await ok('alice', 'update_survey', { survey_id: survey.id, title: 'Renamed', opens_at: opensAt, closes_at: closesAt, response_limit: 50 });
    expect(updated.survey).toMatchObject({ id: survey.id, title: 'Renamed', description: 'Before.', opens_at: opensAt, closes_at: closesAt, response_limit: 50, anonymous: false });
    const again = await ok('alice', 'update_survey', { survey_id: survey.id, description: 'After.', anonymous: true });
    expect(again.survey).toMatchObject({ title: 'Renamed', description: 'After.', closes_at: closesAt, anonymous: true });
    const cleared = await ok('alice', 'update_survey', { survey_id: survey.id, opens_at: null, closes_at: null, response_limit: null });
    expect(cleared.survey).toMatchObject({ opens_at: null, closes_at: null, response_limit: null, title: 'Renamed' });
    expect((await ok('alice', 'get_survey', { survey_id: survey.id })).survey).toEqual(cleared.survey);
  });

  it('lets an editor edit', async () => {
    const { survey } = await newSurvey(tools);
    await ok('alice', 'share_survey', { survey_id: survey.id, user_email: 'dave@example.com', role: 'editor' });
    const updated = await ok('dave', 'update_survey', { survey_id: survey.id, title: 'Edited by Dave' });
    expect(updated.survey).toMatchObject({ title: 'Edited by Dave', my_role: 'editor' });
  });

  it('says a survey that does not exist is not found', async () => {
    await fails('alice', 'update_survey', { survey_id: 'srv_nope', title: 'x' }, "survey 'srv_nope' not found");
  });

  it('says an analyst or a viewer is not authorized to edit', async () => {
    await fails('bob', 'update_survey', { survey_id: 'srv_demo_nps', title: 'Mine now' }, "not authorized to edit survey 'srv_demo_nps'");
    await fails('dave', 'update_survey', { survey_id: 'srv_demo_nps', title: 'Mine now' }, "not authorized to edit survey 'srv_demo_nps'");
    expect((await ok('alice', 'get_survey', { survey_id: 'srv_demo_nps' })).survey.title).toBe('Customer NPS, Q2');
  });

  it('refuses a closes_at in the past or not after opens_at', async () => {
    const { survey } = await newSurvey(tools);
    const past = isoFromNow(tools, -day);
    await fails('alice', 'update_survey', { survey_id: survey.id, closes_at: past }, `validation failed: 'closes_at' ${past} is in the past: give a future time or null`);
    const opensAt = isoFromNow(tools, 2 * day);
    const closesAt = isoFromNow(tools, day);
    await fails(
      'alice',
      'update_survey',
      { survey_id: survey.id, opens_at: opensAt, closes_at: closesAt },
      `validation failed: 'closes_at' ${closesAt} is not after 'opens_at' ${opensAt}`,
    );
    expect((await ok('alice', 'get_survey', { survey_id: survey.id })).survey).toMatchObject({ opens_at: null, closes_at: null });
  });

  it('refuses any edit to an archived survey until it is restored', async () => {
    await fails(
      'alice',
      'update_survey',
      { survey_id: 'srv_demo_2025', title: 'Annual customer survey 2025 (final)' },
      "validation failed: survey 'srv_demo_2025' is archived: restore it (set_survey_status to 'closed') before editing",
    );
    const { survey } = await newSurvey(tools);
    await ok('alice', 'set_survey_status', { survey_id: survey.id, status: 'archived' });
    await fails('alice', 'update_survey', { survey_id: survey.id, description: 'x' }, `validation failed: survey '${survey.id}' is archived: restore it (set_survey_status to 'draft') before editing`);
    await ok('alice', 'set_survey_status', { survey_id: survey.id, status: 'draft' });
    expect((await ok('alice', 'update_survey', { survey_id: survey.id, description: 'x' })).survey.description).toBe('x');
  });

  it('refuses a response limit below the completed responses, and toggling anonymity once there are responses', async () => {
    const { detail } = await lunchPollWithResponses(tools, 3);
    const id = detail.survey.id;
    await fails('alice', 'update_survey', { survey_id: id, response_limit: 2 }, "validation failed: 'response_limit' 2 is below the 3 completed responses already in");
    await fails('alice', 'update_survey', { survey_id: id, anonymous: true }, `validation failed: 'anonymous' cannot change once survey '${id}' has responses`);
    // A limit equal to the completed count is allowed, and closes the open survey at once.
    expect((await ok('alice', 'update_survey', { survey_id: id, response_limit: 3, anonymous: false })).survey).toMatchObject({
      response_limit: 3,
      status: 'closed',
    });
  });

  it('refuses a malformed date-time or a response limit below 1 from the argument schema', async () => {
    await fails('alice', 'update_survey', { survey_id: 'srv_demo_nps', closes_at: 'next week' }, "validation failed: 'closes_at' must be a valid ISO-8601 date-time");
    await fails('alice', 'update_survey', { survey_id: 'srv_demo_nps', response_limit: 0 }, "validation failed: 'response_limit' must be at least 1");
  });
});

describe('set_survey_status', () => {
  it('walks a survey through publish, pause, resume, close, reopen, archive and restore', async () => {
    const { survey } = await newSurvey(tools, { questions: lunchQuestions });
    const move = (status: string) => ok('alice', 'set_survey_status', { survey_id: survey.id, status });
    const published = await move('open');
    expect(published).toMatchObject({ previous_status: 'draft', changed: true, survey: { status: 'open', previous_status: 'draft' } });
    const publishedAt = published.survey.published_at;
    expect(publishedAt).toBe(new Date(tools.server.clock.now()).toISOString());
    // Each later move happens minutes later: publishing happened once, and its time stays.
    expect(await later(60_000, () => move('paused'))).toMatchObject({ previous_status: 'open', changed: true, survey: { status: 'paused', published_at: publishedAt } });
    expect(await later(120_000, () => move('open'))).toMatchObject({ previous_status: 'paused', changed: true, survey: { status: 'open', published_at: publishedAt } });
    const closed = await later(180_000, () => move('closed'));
    expect(closed).toMatchObject({ previous_status: 'open', changed: true, survey: { status: 'closed', published_at: publishedAt } });
    expect(closed.survey.closed_at).toBe(new Date(tools.server.clock.now() + 180_000).toISOString());
    expect(await later(240_000, () => move('open'))).toMatchObject({
      previous_status: 'closed',
      changed: true,
      survey: { status: 'open', closed_at: null, published_at: publishedAt },
    });
    await move('closed');
    const archived = await move('archived');
    expect(archived).toMatchObject({ previous_status: 'closed', changed: true, survey: { status: 'archived', archived_at: expect.any(String) } });
    expect(await move('closed')).toMatchObject({ previous_status: 'archived', changed: true, survey: { status: 'closed', archived_at: null } });
  });

  it('reports asking for the current status as changed false, not as an error', async () => {
    const { survey } = await newSurvey(tools, { questions: lunchQuestions });
    await ok('alice', 'set_survey_status', { survey_id: survey.id, status: 'open' });
    const again = await ok('alice', 'set_survey_status', { survey_id: survey.id, status: 'open' });
    expect(again).toMatchObject({ previous_status: 'open', changed: false, survey: { status: 'open' } });
    expect(await ok('alice', 'set_survey_status', { survey_id: 'srv_demo_2025', status: 'archived' })).toMatchObject({ changed: false });
  });

  it('lets an editor publish, pause and close', async () => {
    const { survey } = await newSurvey(tools, { questions: lunchQuestions });
    await ok('alice', 'share_survey', { survey_id: survey.id, user_email: 'dave@example.com', role: 'editor' });
    for (const status of ['open', 'paused', 'closed']) {
      expect(await ok('dave', 'set_survey_status', { survey_id: survey.id, status })).toMatchObject({ changed: true, survey: { status, my_role: 'editor' } });
    }
  });

  it('closes an open survey on the first access after its closes_at has passed', async () => {
    const { survey } = await newSurvey(tools, { questions: lunchQuestions });
    const closesAt = isoFromNow(tools, 60_000);
    await ok('alice', 'update_survey', { survey_id: survey.id, closes_at: closesAt });
    await ok('alice', 'set_survey_status', { survey_id: survey.id, status: 'open' });
    await later(120_000, async () => {
      const { survey: closed } = await ok('alice', 'get_survey', { survey_id: survey.id });
      expect(closed).toMatchObject({ status: 'closed', previous_status: 'open', closed_at: closesAt });
    });
  });

  it('lists a survey closed on access under closed, not under open', async () => {
    const { survey } = await newSurvey(tools, { questions: lunchQuestions });
    await ok('alice', 'update_survey', { survey_id: survey.id, closes_at: isoFromNow(tools, 60_000) });
    await ok('alice', 'set_survey_status', { survey_id: survey.id, status: 'open' });
    const walkAll = async (status: string) => (await walkPages(tools, 'alice', 'list_surveys', { status, limit: 100 })).items;
    await later(120_000, async () => {
      const open = await walkAll('open');
      for (const listed of open) expect(listed.status).toBe('open');
      expect(open.map((s) => s.id)).not.toContain(survey.id);
      expect((await walkAll('closed')).map((s) => s.id)).toContain(survey.id);
    });
  });

  it('says a survey that does not exist is not found', async () => {
    await fails('alice', 'set_survey_status', { survey_id: 'srv_nope', status: 'open' }, "survey 'srv_nope' not found");
  });

  it('says an analyst may not change the status and only the owner may archive or restore', async () => {
    await fails('bob', 'set_survey_status', { survey_id: 'srv_demo_nps', status: 'paused' }, "not authorized to change the status of survey 'srv_demo_nps'");
    await fails('dave', 'set_survey_status', { survey_id: 'srv_demo_onboarding', status: 'archived' }, "not authorized to archive survey 'srv_demo_onboarding'");
    const { survey } = await newSurvey(tools);
    await ok('alice', 'share_survey', { survey_id: survey.id, user_email: 'dave@example.com', role: 'editor' });
    await ok('alice', 'set_survey_status', { survey_id: survey.id, status: 'archived' });
    await fails('dave', 'set_survey_status', { survey_id: survey.id, status: 'draft' }, `not authorized to restore survey '${survey.id}'`);
    expect((await ok('alice', 'get_survey', { survey_id: 'srv_demo_onboarding' })).survey.status).toBe('draft');
  });

  it('refuses to publish a survey without questions, or with a choice question short of two choices', async () => {
    const empty = await newSurvey(tools);
    await fails('alice', 'set_survey_status', { survey_id: empty.survey.id, status: 'open' }, 'validation failed: a survey needs at least one question to be published');
    const short = await newSurvey(tools, { questions: [{ type: 'nps', text: 'Recommend?' }, { type: 'single_choice', text: 'Pick one' }] });
    await fails('alice', 'set_survey_status', { survey_id: short.survey.id, status: 'open' }, "validation failed: choice question 'Pick one' needs at least 2 choices before publishing");
    expect((await ok('alice', 'get_survey', { survey_id: short.survey.id })).survey.status).toBe('draft');
  });

  it('refuses to publish once the closes_at it was given has passed', async () => {
    const { survey } = await newSurvey(tools, { questions: lunchQuestions });
    const closesAt = isoFromNow(tools, 60_000);
    await ok('alice', 'update_survey', { survey_id: survey.id, closes_at: closesAt });
    await later(120_000, () =>
      fails(
        'alice',
        'set_survey_status',
        { survey_id: survey.id, status: 'open' },
        `validation failed: 'closes_at' ${closesAt} has passed: move it to the future or clear it before publishing`,
      ),
    );
  });

  it('refuses a move the state machine does not have, and reopening at the response limit', async () => {
    const { survey } = await newSurvey(tools, { questions: lunchQuestions });
    await fails('alice', 'set_survey_status', { survey_id: survey.id, status: 'paused' }, "validation failed: cannot change status from 'draft' to 'paused' (allowed: open, archived)");
    await ok('alice', 'set_survey_status', { survey_id: survey.id, status: 'open' });
    await fails('alice', 'set_survey_status', { survey_id: survey.id, status: 'archived' }, "validation failed: cannot change status from 'open' to 'archived' (allowed: paused, closed)");
    await fails(
      'alice',
      'set_survey_status',
      { survey_id: 'srv_demo_launch', status: 'open' },
      "validation failed: the response limit of 200 is reached: raise 'response_limit' or clear it before reopening",
    );
  });

  it('closes a survey that reaches its response limit and refuses to reopen it until the limit is raised', async () => {
    const { detail } = await lunchPollWithResponses(tools, 2);
    const id = detail.survey.id;
    await ok('alice', 'update_survey', { survey_id: id, response_limit: 3 });
    await addResponses(tools, id, 1, () => []);
    expect((await ok('alice', 'get_survey', { survey_id: id })).survey).toMatchObject({ status: 'closed', previous_status: 'open' });
    await fails('alice', 'set_survey_status', { survey_id: id, status: 'open' }, "validation failed: the response limit of 3 is reached: raise 'response_limit' or clear it before reopening");
    await ok('alice', 'update_survey', { survey_id: id, response_limit: 10 });
    expect(await ok('alice', 'set_survey_status', { survey_id: id, status: 'open' })).toMatchObject({ changed: true, survey: { status: 'open' } });
  });

  it('refuses an unknown status from the argument schema', async () => {
    await fails('alice', 'set_survey_status', { survey_id: 'srv_demo_nps', status: 'deleted' }, `validation failed: 'status' must be one of "draft", "open", "paused", "closed", "archived"`);
  });
});
