import { describe, expect, it } from 'vitest';
import { emptyFixture, fixture, id } from './fixture.js';

const day = 86_400_000;

async function draft() {
  const base = await emptyFixture();
  const created = await base.platform.createSurvey(id('owner'), {
    workspace_id: 'wsp_a',
    title: '  Draft  ',
    questions: [{ type: 'single_choice', text: 'Pick', choices: ['One', 'Two'] }],
  });
  return { ...base, surveyId: created.survey.id, created };
}

describe('create_survey and get_me', () => {
  it('creates a draft owned by the caller, with dense question positions', async () => {
    const { created, platform } = await draft();
    expect(created.survey).toMatchObject({ title: 'Draft', status: 'draft', my_role: 'owner', anonymous: false });
    expect(created.questions.map((q) => [q.position, q.choices.map((c) => c.label)])).toEqual([[1, ['One', 'Two']]]);
    expect(created.collaborators).toEqual([]);
    const me = await platform.getMe(id('admin'));
    expect(me.workspaces).toEqual([{ id: 'wsp_a', name: 'A', role: 'admin' }]);
  });

  it('needs workspace membership and a valid title', async () => {
    const { platform } = await emptyFixture();
    await expect(platform.createSurvey(id('owner'), { workspace_id: 'wsp_x', title: 't' })).rejects.toThrow("workspace 'wsp_x' not found");
    await expect(platform.createSurvey(id('stranger'), { workspace_id: 'wsp_a', title: 't' })).rejects.toThrow("not authorized to create surveys in workspace 'wsp_a'");
    await expect(platform.createSurvey(id('owner'), { workspace_id: 'wsp_a', title: ' ' })).rejects.toThrow("validation failed: 'title' must be 1 to 200 characters, got 0");
    await expect(
      platform.createSurvey(id('owner'), { workspace_id: 'wsp_a', title: 't', questions: [{ type: 'single_choice', text: 'q', choices: ['a', 'A'] }] }),
    ).rejects.toThrow("validation failed: choice 'A' appears twice (labels are unique, ignoring case)");
    await expect(
      platform.createSurvey(id('owner'), { workspace_id: 'wsp_a', title: 't', questions: [{ type: 'rating', text: 'q', settings: { min: 2, max: 5 } }] }),
    ).rejects.toThrow("validation failed: rating 'settings.min' must be 0 or 1, got 2");
  });

  it('treats an unknown or disabled actor as not authorized', async () => {
    const { platform, surveyId } = await draft();
    await expect(platform.getSurvey('usr_ghost', { survey_id: surveyId })).rejects.toThrow(`not authorized to view survey '${surveyId}'`);
    await expect(platform.getSurvey(id('disabled'), { survey_id: surveyId })).rejects.toThrow(`not authorized to view survey '${surveyId}'`);
    await expect(platform.getMe(id('disabled'))).rejects.toThrow('not authorized');
  });
});

describe('get_survey with the survey read already', () => {
  it('answers from a read of this survey for this person, and reads the store for any other', async () => {
    const { platform, store, surveyId } = await draft();
    const ownerRead = { surveyId, userId: id('owner'), record: await store.findSurveyDetail(surveyId, id('owner')) };
    expect(await platform.getSurvey(id('owner'), { survey_id: surveyId }, ownerRead)).toEqual(await platform.getSurvey(id('owner'), { survey_id: surveyId }));
    // The record says "no such survey": believed only for the survey and person it was read for.
    const nothing = { surveyId, userId: id('owner'), record: undefined };
    await expect(platform.getSurvey(id('owner'), { survey_id: surveyId }, nothing)).rejects.toThrow(`survey '${surveyId}' not found`);
    expect((await platform.getSurvey(id('admin'), { survey_id: surveyId }, nothing)).survey.id).toBe(surveyId);
    expect((await platform.getSurvey(id('owner'), { survey_id: surveyId }, { ...nothing, surveyId: 'srv_other' })).survey.id).toBe(surveyId);
  });
});

describe('roles on a survey', () => {
  it('gives a workspace admin the owner role and a plain member nothing without a share', async () => {
    const { platform, surveyId } = await draft();
    expect((await platform.getSurvey(id('admin'), { survey_id: surveyId })).survey.my_role).toBe('owner');
    await expect(platform.getSurvey(id('member'), { survey_id: surveyId })).rejects.toThrow(`not authorized to view survey '${surveyId}'`);
    expect((await platform.listSurveys(id('member'), {})).total).toBe(0);
  });

  it('lets editors edit but keeps sharing and collaborators to the owner', async () => {
    const { platform, surveyId } = await draft();
    await platform.shareSurvey(id('owner'), { survey_id: surveyId, user_email: 'editor@test.example', role: 'editor' });
    await platform.updateSurvey(id('editor'), { survey_id: surveyId, title: 'Renamed' });
    const seen = await platform.getSurvey(id('editor'), { survey_id: surveyId });
    expect(seen.survey.title).toBe('Renamed');
    expect(seen.collaborators).toBeUndefined();
    await expect(platform.shareSurvey(id('editor'), { survey_id: surveyId, user_email: 'viewer@test.example', role: 'viewer' })).rejects.toThrow(
      `not authorized to share survey '${surveyId}'`,
    );
  });

  it('refuses unknown people and bad roles when sharing, after checking the survey and the caller', async () => {
    const { platform, surveyId } = await draft();
    await expect(platform.shareSurvey(id('owner'), { survey_id: surveyId, user_email: 'nobody@x.org', role: 'viewer' })).rejects.toThrow(
      "validation failed: no user with email 'nobody@x.org'",
    );
    await expect(platform.shareSurvey(id('owner'), { survey_id: surveyId, user_email: 'viewer@test.example', role: 'boss' as 'viewer' })).rejects.toThrow(
      "validation failed: 'role' must be one of viewer, analyst, editor or none, got 'boss'",
    );
    await expect(platform.shareSurvey(id('stranger'), { survey_id: surveyId, user_email: 'nobody@x.org', role: 'boss' as 'viewer' })).rejects.toThrow(
      'not authorized to share',
    );
  });
});

describe('set_survey_status', () => {
  it('publishes, pauses, resumes, closes, reopens, archives and restores', async () => {
    const { platform, surveyId } = await draft();
    const step = (status: 'open' | 'paused' | 'closed' | 'archived') => platform.setSurveyStatus(id('owner'), { survey_id: surveyId, status });
    expect(await step('open')).toMatchObject({ previous_status: 'draft', changed: true, survey: { status: 'open' } });
    expect((await step('open')).changed).toBe(false);
    await step('paused');
    await step('open');
    await step('closed');
    await step('open');
    await step('closed');
    expect((await step('archived')).survey).toMatchObject({ status: 'archived', previous_status: 'closed' });
    await expect(platform.updateSurvey(id('owner'), { survey_id: surveyId, title: 'x' })).rejects.toThrow(
      `validation failed: survey '${surveyId}' is archived: restore it (set_survey_status to 'closed') before editing`,
    );
    await expect(step('open')).rejects.toThrow("validation failed: cannot change status from 'archived' to 'open' (allowed: closed)");
    expect((await step('closed')).survey.status).toBe('closed');
  });

  it('refuses to publish without questions or with a choice question short of choices', async () => {
    const { platform } = await emptyFixture();
    const empty = await platform.createSurvey(id('owner'), { workspace_id: 'wsp_a', title: 'Empty' });
    await expect(platform.setSurveyStatus(id('owner'), { survey_id: empty.survey.id, status: 'open' })).rejects.toThrow(
      'validation failed: a survey needs at least one question to be published',
    );
    await platform.addQuestion(id('owner'), { survey_id: empty.survey.id, type: 'multiple_choice', text: 'Which?' });
    await expect(platform.setSurveyStatus(id('owner'), { survey_id: empty.survey.id, status: 'open' })).rejects.toThrow(
      "validation failed: choice question 'Which?' needs at least 2 choices before publishing",
    );
  });

  it('keeps archiving to the owner', async () => {
    const { platform, surveyId } = await draft();
    await platform.shareSurvey(id('owner'), { survey_id: surveyId, user_email: 'editor@test.example', role: 'editor' });
    await expect(platform.setSurveyStatus(id('editor'), { survey_id: surveyId, status: 'archived' })).rejects.toThrow(
      `not authorized to archive survey '${surveyId}'`,
    );
  });

  it('closes an open survey on access once closes_at passes, and refuses to reopen it', async () => {
    const { platform, surveyId, clock } = await draft();
    await platform.setSurveyStatus(id('owner'), { survey_id: surveyId, status: 'open' });
    await platform.updateSurvey(id('owner'), { survey_id: surveyId, closes_at: new Date(clock.now() + day).toISOString() });
    expect((await platform.getSurvey(id('owner'), { survey_id: surveyId })).survey.status).toBe('open');
    clock.advance(day);
    const closed = (await platform.getSurvey(id('owner'), { survey_id: surveyId })).survey;
    expect(closed).toMatchObject({ status: 'closed', previous_status: 'open', closed_at: new Date(clock.now()).toISOString() });
    await expect(platform.setSurveyStatus(id('owner'), { survey_id: surveyId, status: 'open' })).rejects.toThrow(/'closes_at' .* has passed/);
  });

  it('closes a survey on access once completed responses reach the limit', async () => {
    const f = await fixture();
    await expect(f.platform.updateSurvey(id('owner'), { survey_id: f.surveyId, response_limit: 9 })).rejects.toThrow(
      "validation failed: 'response_limit' 9 is below the 10 completed responses already in",
    );
    const { survey } = await f.platform.updateSurvey(id('owner'), { survey_id: f.surveyId, response_limit: 10 });
    expect(survey.status).toBe('closed');
    expect((await f.platform.listSurveys(id('owner'), {})).surveys[0]!.status).toBe('closed');
  });
});

describe('update_survey validation', () => {
  it('refuses closes_at in the past or before opens_at, and a bad response_limit', async () => {
    const { platform, surveyId, clock } = await draft();
    const at = (offset: number) => new Date(clock.now() + offset).toISOString();
    await expect(platform.updateSurvey(id('owner'), { survey_id: surveyId, closes_at: at(-1000) })).rejects.toThrow(/'closes_at' .* is in the past/);
    await expect(platform.updateSurvey(id('owner'), { survey_id: surveyId, opens_at: at(2 * day), closes_at: at(day) })).rejects.toThrow(/is not after 'opens_at'/);
    await expect(platform.updateSurvey(id('owner'), { survey_id: surveyId, closes_at: 'tomorrow' })).rejects.toThrow("'closes_at' must be an ISO-8601 date-time");
    await expect(platform.updateSurvey(id('owner'), { survey_id: surveyId, response_limit: 0 })).rejects.toThrow(/'response_limit' must be a whole number of at least 1/);
  });
});

describe('the edit lock once responses exist', () => {
  it('refuses deleting questions, removing choices, changing settings, required questions and toggling anonymous', async () => {
    const f = await fixture();
    const locked = /has responses, so .* is no longer allowed/;
    await expect(f.platform.deleteQuestion(id('owner'), { question_id: f.q.nps })).rejects.toThrow(locked);
    await expect(f.platform.updateQuestion(id('owner'), { question_id: f.q.plan, choices: [{ id: f.choice(f.q.plan, 'Free'), label: 'Free' }, { label: 'Team' }] })).rejects.toThrow(
      /removing choice 'Pro'/,
    );
    await expect(f.platform.updateQuestion(id('owner'), { question_id: f.q.rating, settings: { min: 1, max: 7 } })).rejects.toThrow(/changing settings/);
    await expect(f.platform.addQuestion(id('owner'), { survey_id: f.surveyId, type: 'short_text', text: 'New', required: true })).rejects.toThrow(/adding a required question/);
    await expect(f.platform.updateSurvey(id('owner'), { survey_id: f.surveyId, anonymous: true })).rejects.toThrow(
      `validation failed: 'anonymous' cannot change once survey '${f.surveyId}' has responses`,
    );
  });

  it('still allows rewording, new choices, reordering and new optional questions', async () => {
    const f = await fixture();
    const plan = await f.platform.updateQuestion(id('owner'), {
      question_id: f.q.plan,
      text: 'Which plan?',
      position: 1,
      choices: [{ id: f.choice(f.q.plan, 'Pro'), label: 'Pro' }, { id: f.choice(f.q.plan, 'Free'), label: 'Free' }, { label: 'Team' }],
    });
    expect(plan.question).toMatchObject({ text: 'Which plan?', position: 1 });
    expect(plan.question.choices.map((c) => c.label)).toEqual(['Pro', 'Free', 'Team']);
    const added = await f.platform.addQuestion(id('owner'), { survey_id: f.surveyId, type: 'short_text', text: 'Anything else?', position: 2 });
    expect(added.question.position).toBe(2);
    const { questions } = await f.platform.getSurvey(id('owner'), { survey_id: f.surveyId });
    expect(questions.map((q) => q.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(questions[2]!.id).toBe(f.q.nps);
  });

  it('deletes a question of a survey without responses and closes the gap', async () => {
    const { platform, surveyId } = await draft();
    await platform.addQuestion(id('owner'), { survey_id: surveyId, type: 'nps', text: 'Recommend?' });
    const first = (await platform.getSurvey(id('owner'), { survey_id: surveyId })).questions[0]!;
    expect(await platform.deleteQuestion(id('owner'), { question_id: first.id })).toEqual({ deleted: true, question_id: first.id, survey_id: surveyId });
    const { questions } = await platform.getSurvey(id('owner'), { survey_id: surveyId });
    expect(questions.map((q) => [q.position, q.type])).toEqual([[1, 'nps']]);
    await expect(platform.deleteQuestion(id('owner'), { question_id: first.id })).rejects.toThrow(`question '${first.id}' not found`);
  });
});

describe('list_surveys', () => {
  it('pages with a total, binds cursors to filters, and ends with next_cursor null', async () => {
    const { platform, clock } = await emptyFixture();
    for (let n = 1; n <= 3; n++) {
      clock.advance(1000);
      await platform.createSurvey(id('owner'), { workspace_id: 'wsp_a', title: `Survey ${n}` });
    }
    const first = await platform.listSurveys(id('owner'), { limit: 2 });
    expect(first.total).toBe(3);
    expect(first.surveys.map((s) => s.title)).toEqual(['Survey 3', 'Survey 2']);
    const last = await platform.listSurveys(id('owner'), { limit: 2, cursor: first.next_cursor! });
    expect(last.surveys.map((s) => s.title)).toEqual(['Survey 1']);
    expect(last.next_cursor).toBeNull();
    await expect(platform.listSurveys(id('owner'), { limit: 2, query: 'Survey', cursor: first.next_cursor! })).rejects.toThrow(
      "validation failed: 'cursor' does not match these filters",
    );
    expect((await platform.listSurveys(id('owner'), { query: '2' })).surveys.map((s) => s.title)).toEqual(['Survey 2']);
  });
});
