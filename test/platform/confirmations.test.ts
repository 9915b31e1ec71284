import { describe, expect, it } from 'vitest';
import { emptyFixture, fixture, id } from './fixture.js';

/** The fixture (an open survey with 12 responses) with the viewer, analyst and editor sharing it. */
async function shared() {
  const f = await fixture();
  for (const role of ['viewer', 'analyst', 'editor'] as const) {
    await f.platform.shareSurvey(id('owner'), { survey_id: f.surveyId, user_email: `${role}@test.example`, role });
  }
  return f;
}

describe('which calls need a person\'s confirmation', () => {
  it('asks before closing or archiving a survey with responses, and before reopening it, saying its title and how many responses', async () => {
    const f = await shared();
    const need = (status: string) => f.platform.confirmationNeeded(id('owner'), 'setSurveyStatus', { survey_id: f.surveyId, status });
    expect(await need('closed')).toEqual({
      surveyId: f.surveyId,
      summary: 'Closing survey "Fixture survey" stops it collecting responses; it has 12 responses.',
    });
    expect(await need('paused')).toBeUndefined();
    // An open survey cannot be archived: the refusal comes from the call itself, unasked.
    expect(await need('archived')).toBeUndefined();
    await f.platform.setSurveyStatus(id('owner'), { survey_id: f.surveyId, status: 'closed' });
    expect((await need('open'))?.summary).toBe('Reopening survey "Fixture survey" starts collecting responses again, after the 12 responses it has.');
    expect((await need('archived'))?.summary).toBe('Archiving survey "Fixture survey" takes it and its 12 responses out of use until it is restored.');
    expect(await need('closed')).toBeUndefined();
  });

  it('does not ask about a survey without responses, a person without the permission, or a survey that does not exist', async () => {
    const f = await shared();
    const empty = await f.platform.createSurvey(id('owner'), { workspace_id: 'wsp_a', title: 'Empty', questions: [{ type: 'short_text', text: 'Q?' }] });
    await f.platform.setSurveyStatus(id('owner'), { survey_id: empty.survey.id, status: 'open' });
    expect(await f.platform.confirmationNeeded(id('owner'), 'setSurveyStatus', { survey_id: empty.survey.id, status: 'closed' })).toBeUndefined();
    expect(await f.platform.confirmationNeeded(id('viewer'), 'setSurveyStatus', { survey_id: f.surveyId, status: 'closed' })).toBeUndefined();
    expect(await f.platform.confirmationNeeded(id('owner'), 'setSurveyStatus', { survey_id: 'srv_missing', status: 'closed' })).toBeUndefined();
  });

  it('asks before removing someone\'s access or lowering their role, saying who and what they lose', async () => {
    const f = await shared();
    const need = (email: string, role: string) => f.platform.confirmationNeeded(id('owner'), 'shareSurvey', { survey_id: f.surveyId, user_email: email, role });
    expect((await need('editor@test.example', 'none'))?.summary).toBe(
      'Removing editor@test.example\'s editor access to survey "Fixture survey" (12 responses): they lose it on their very next call.',
    );
    expect((await need('editor@test.example', 'viewer'))?.summary).toBe(
      'Lowering editor@test.example\'s role on survey "Fixture survey" (12 responses) from editor to viewer: they stop reading its individual responses and editing, opening and closing it.',
    );
    expect(await need('viewer@test.example', 'analyst')).toBeUndefined();
    expect(await need('member@test.example', 'none')).toBeUndefined();
    // Only the owner may share: the editor is refused by the call, not asked.
    expect(await f.platform.confirmationNeeded(id('editor'), 'shareSurvey', { survey_id: f.surveyId, user_email: 'viewer@test.example', role: 'none' })).toBeUndefined();
  });

  it('asks before sharing with a person outside the survey\'s workspace, not with a member', async () => {
    const f = await shared();
    const need = (email: string) => f.platform.confirmationNeeded(id('owner'), 'shareSurvey', { survey_id: f.surveyId, user_email: email, role: 'viewer' });
    expect((await need('stranger@test.example'))?.summary).toBe(
      'Sharing survey "Fixture survey" (12 responses) as viewer with stranger@test.example, who is outside the survey\'s workspace.',
    );
    expect(await need('member@test.example')).toBeUndefined();
    // The viewer is outside the workspace too, but has access already.
    expect(await f.platform.confirmationNeeded(id('owner'), 'shareSurvey', { survey_id: f.surveyId, user_email: 'viewer@test.example', role: 'analyst' })).toBeUndefined();
  });

  it('asks before changing what a question with answers says, not before reordering it', async () => {
    const f = await shared();
    const need = (args: Record<string, unknown>) => f.platform.confirmationNeeded(id('editor'), 'updateQuestion', { question_id: f.q.plan, ...args });
    expect((await need({ text: 'Which plan?' }))?.summary).toBe(
      'Changing question 2 "Plan?" and its 2 choices of survey "Fixture survey", which has 12 responses: the answers already given were given to the question as it is now.',
    );
    expect(await need({ choices: [{ label: 'Free' }, { label: 'Pro' }] })).toBeDefined();
    expect(await need({ position: 1 })).toBeUndefined();
    expect(await f.platform.confirmationNeeded(id('viewer'), 'updateQuestion', { question_id: f.q.plan, text: 'x' })).toBeUndefined();
  });

  it('always asks before deleting a question that can be deleted', async () => {
    const { platform } = await emptyFixture();
    const created = await platform.createSurvey(id('owner'), {
      workspace_id: 'wsp_a',
      title: 'Scratch',
      questions: [{ type: 'single_choice', text: 'Colour?', choices: ['Red', 'Blue'] }, { type: 'short_text', text: 'Why?' }],
    });
    const [colour, why] = created.questions.map((q) => q.id) as [string, string];
    expect(await platform.confirmationNeeded(id('owner'), 'deleteQuestion', { question_id: colour })).toEqual({
      surveyId: created.survey.id,
      summary: 'Deleting question 1 "Colour?" and its 2 choices from survey "Scratch" cannot be undone.',
    });
    expect((await platform.confirmationNeeded(id('owner'), 'deleteQuestion', { question_id: why }))?.summary).toBe(
      'Deleting question 2 "Why?" from survey "Scratch" cannot be undone.',
    );
    expect(await platform.confirmationNeeded(id('member'), 'deleteQuestion', { question_id: why })).toBeUndefined();
    await platform.deleteQuestion(id('owner'), { question_id: why });
    await platform.setSurveyStatus(id('owner'), { survey_id: created.survey.id, status: 'open' });
    // The last question of a live survey stays: its deletion is refused, not asked about.
    expect(await platform.confirmationNeeded(id('owner'), 'deleteQuestion', { question_id: colour })).toBeUndefined();
    expect(await platform.confirmationNeeded(id('owner'), 'deleteQuestion', { question_id: 'qst_missing' })).toBeUndefined();
  });

  it('decides on a survey due to close as the closed survey it will be when the call runs', async () => {
    const { platform, clock } = await emptyFixture();
    const created = await platform.createSurvey(id('owner'), { workspace_id: 'wsp_a', title: 'Due', questions: [{ type: 'short_text', text: 'Last?' }] });
    await platform.updateSurvey(id('owner'), { survey_id: created.survey.id, closes_at: new Date(clock.now() + 60_000).toISOString() });
    await platform.setSurveyStatus(id('owner'), { survey_id: created.survey.id, status: 'open' });
    const last = { question_id: created.questions[0]!.id };
    // Live, its last question stays; once past closes_at the call closes it first and deletes.
    expect(await platform.confirmationNeeded(id('owner'), 'deleteQuestion', last)).toBeUndefined();
    clock.advance(120_000);
    expect((await platform.confirmationNeeded(id('owner'), 'deleteQuestion', last))?.summary).toBe('Deleting question 1 "Last?" from survey "Due" cannot be undone.');
  });

  it('does not ask before deleting a question of a survey with responses: that deletion is refused', async () => {
    const f = await shared();
    expect(await f.platform.confirmationNeeded(id('owner'), 'deleteQuestion', { question_id: f.q.why })).toBeUndefined();
  });

  it('asks before a response limit that closes a live survey at once, not before one above its count', async () => {
    const f = await shared();
    const need = (limit: number | null) => f.platform.confirmationNeeded(id('editor'), 'updateSurvey', { survey_id: f.surveyId, response_limit: limit });
    expect((await need(10))?.summary).toBe('Setting the response limit of survey "Fixture survey" to 10 closes it now: it has 10 completed responses.');
    expect(await need(11)).toBeUndefined();
    expect(await need(null)).toBeUndefined();
    expect(await f.platform.confirmationNeeded(id('editor'), 'updateSurvey', { survey_id: f.surveyId, title: 'Renamed' })).toBeUndefined();
  });
});

describe('a confirmed change', () => {
  it('runs once: a second use of the same confirmation runs nothing', async () => {
    const { platform, clock } = await emptyFixture();
    const created = await platform.createSurvey(id('owner'), { workspace_id: 'wsp_a', title: 'S', questions: [{ type: 'short_text', text: 'A?' }, { type: 'short_text', text: 'B?' }] });
    const use = { id: 'cnf-1', surveyId: created.survey.id, expiresAt: clock.now() + 60_000 };
    const question = created.questions[0]!.id;
    const first = await platform.withConfirmationUsed(use, (unit) => unit.deleteQuestion(id('owner'), { question_id: question }));
    expect(first).toEqual({ used: false, value: { deleted: true, question_id: question, survey_id: created.survey.id } });
    let ran = false;
    const second = await platform.withConfirmationUsed(use, async () => (ran = true));
    expect(second).toEqual({ used: true });
    expect(ran).toBe(false);
  });

  it('keeps one sealing secret per store, the same for every platform over it', async () => {
    const f = await emptyFixture();
    const { createPlatform } = await import('../../src/platform/index.js');
    const secret = await f.platform.confirmationSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await createPlatform({ store: f.store, clock: f.clock }).confirmationSecret()).toBe(secret);
  });
});
