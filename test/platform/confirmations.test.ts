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
  it('asks before closing, pausing or archiving a survey with responses, and before resuming or reopening it, saying its title and how many responses', async () => {
    const f = await shared();
    const need = (status: string) => f.platform.confirmationNeeded(id('owner'), 'setSurveyStatus', { survey_id: f.surveyId, status });
    expect(await need('closed')).toEqual({
      surveyId: f.surveyId,
      summary: 'Closing survey "Fixture survey" stops it collecting responses; it has 12 responses.',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect((await need('paused'))?.summary).toBe('Pausing survey "Fixture survey" stops it collecting responses until it is resumed; it has 12 responses.');
    await f.platform.setSurveyStatus(id('owner'), { survey_id: f.surveyId, status: 'paused' });
    expect((await need('open'))?.summary).toBe('Resuming survey "Fixture survey" starts collecting responses again, after the 12 responses it has.');
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
    const [free, pro] = [f.choice(f.q.plan, 'Free'), f.choice(f.q.plan, 'Pro')];
    expect(await need({ choices: [{ id: free, label: 'Gratis' }, { id: pro, label: 'Pro' }, { label: 'Team' }] })).toBeDefined();
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
      state: expect.any(String),
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

describe('calls the platform will refuse', () => {
  it('are refused unasked: a settings change, removing a choice or making a question required once the survey has responses', async () => {
    const f = await shared();
    const need = (questionId: string, args: Record<string, unknown>) => f.platform.confirmationNeeded(id('editor'), 'updateQuestion', { question_id: questionId, ...args });
    expect(await need(f.q.rating, { text: 'Happy?', settings: { min: 1, max: 7 } })).toBeUndefined();
    expect(await need(f.q.plan, { choices: [{ id: f.choice(f.q.plan, 'Free'), label: 'Free' }] })).toBeUndefined();
    expect(await need(f.q.plan, { choices: [{ label: 'Free' }, { label: 'Pro' }] })).toBeUndefined();
    expect(await need(f.q.why, { text: 'Why not?', required: true })).toBeUndefined();
    await expect(f.platform.updateQuestion(id('editor'), { question_id: f.q.rating, text: 'Happy?', settings: { min: 1, max: 7 } })).rejects.toThrow(/no longer allowed/);
  });

  it('are refused unasked: a closes_at in the past, a response limit under the count', async () => {
    const f = await shared();
    const need = (args: Record<string, unknown>) => f.platform.confirmationNeeded(id('editor'), 'updateSurvey', { survey_id: f.surveyId, ...args });
    expect(await need({ closes_at: new Date(f.clock.now() - 1000).toISOString() })).toBeUndefined();
    expect(await need({ response_limit: 9 })).toBeUndefined();
  });
});

describe('a change that ends, pauses or reopens collection of a survey with responses', () => {
  it('asks whatever field causes it: closes_at within a confirmation\'s life, opens_at moved to the future, response_limit at the count', async () => {
    const f = await shared();
    const at = (ms: number) => new Date(f.clock.now() + ms).toISOString();
    const need = (args: Record<string, unknown>) => f.platform.confirmationNeeded(id('editor'), 'updateSurvey', { survey_id: f.surveyId, ...args });
    expect((await need({ closes_at: at(2000) }))?.summary).toBe(
      `Setting the closing time of survey "Fixture survey" to ${at(2000)} closes it within 5 minutes: it stops collecting responses; it has 12 responses.`,
    );
    expect(await need({ closes_at: at(5 * 60_000) })).toBeDefined();
    expect(await need({ closes_at: at(5 * 60_000 + 1000) })).toBeUndefined();
    expect((await need({ opens_at: at(3_600_000) }))?.summary).toBe(
      `Moving the opening time of survey "Fixture survey" to ${at(3_600_000)} stops it collecting responses until then; it has 12 responses.`,
    );
    expect(await need({ opens_at: at(-3_600_000) })).toBeUndefined();
    expect((await need({ response_limit: 10, closes_at: at(60_000) }))?.summary).toBe(
      `Setting the closing time of survey "Fixture survey" to ${at(60_000)} closes it within 5 minutes: it stops collecting responses; it has 12 responses. ` +
        'Setting the response limit of survey "Fixture survey" to 10 closes it now: it has 10 completed responses.',
    );
    expect(await need({ title: 'Renamed', description: 'x' })).toBeUndefined();
  });

  it('does not ask about a survey that collects nothing: a draft, or a closed survey whose schedule moves', async () => {
    const f = await shared();
    await f.platform.setSurveyStatus(id('owner'), { survey_id: f.surveyId, status: 'closed' });
    expect(await f.platform.confirmationNeeded(id('editor'), 'updateSurvey', { survey_id: f.surveyId, closes_at: new Date(f.clock.now() + 2000).toISOString() })).toBeUndefined();
  });
});

describe('an automatic close', () => {
  it('is recorded as a survey.status change with its cause: closes_at reached, or the response limit', async () => {
    const f = await shared();
    await f.platform.updateSurvey(id('owner'), { survey_id: f.surveyId, closes_at: new Date(f.clock.now() + 10 * 60_000).toISOString() });
    f.clock.advance(11 * 60_000);
    await f.platform.getSurvey(id('owner'), { survey_id: f.surveyId });
    const events = async () => (await f.platform.listAuditEvents(id('admin'), { workspace_id: 'wsp_a', survey_id: f.surveyId })).events.filter((event) => event.action === 'survey.status');
    expect((await events())[0]).toEqual(expect.objectContaining({ user_email: null, detail: expect.objectContaining({ from: 'open', to: 'closed', cause: 'closes_at' }) }));

    const other = await f.platform.createSurvey(id('owner'), { workspace_id: 'wsp_a', title: 'Limited', questions: [{ type: 'short_text', text: 'Q?' }] });
    await f.platform.setSurveyStatus(id('owner'), { survey_id: other.survey.id, status: 'open' });
    await f.platform.updateSurvey(id('owner'), { survey_id: other.survey.id, response_limit: 1 });
    const now = f.clock.now();
    const response = { id: 'rsp_limit', surveyId: other.survey.id, status: 'completed', channel: 'link', respondentEmail: null, respondentName: null, startedAt: now, submittedAt: now, durationMs: null, answers: [] } as const;
    await f.store.insertResponses([response]);
    await f.platform.getSurvey(id('owner'), { survey_id: other.survey.id });
    const limited = (await f.platform.listAuditEvents(id('admin'), { workspace_id: 'wsp_a', survey_id: other.survey.id })).events.filter((event) => event.action === 'survey.status');
    expect(limited[0]).toEqual(expect.objectContaining({ detail: { from: 'open', to: 'closed', cause: 'response_limit', response_limit: 1 } }));
  });
});

describe('a confirmed change', () => {
  it('asks again, running nothing and spending nothing, when what the person was told changed: a role, a question\'s text', async () => {
    const f = await shared();
    const lowering = { survey_id: f.surveyId, user_email: 'analyst@test.example', role: 'viewer' };
    const told = (await f.platform.confirmationNeeded(id('owner'), 'shareSurvey', lowering))!;
    expect(told.summary).toContain('from analyst to viewer');
    await f.platform.shareSurvey(id('owner'), { survey_id: f.surveyId, user_email: 'analyst@test.example', role: 'editor' });
    const use = { id: 'cnf-role', surveyId: f.surveyId, expiresAt: f.clock.now() + 60_000, state: told.state, actorUserId: id('owner'), operation: 'shareSurvey' as const, args: lowering };
    let ran = false;
    const outcome = await f.platform.withConfirmationUsed(use, async () => (ran = true));
    expect(outcome).toEqual({ changed: expect.objectContaining({ summary: expect.stringContaining('from editor to viewer') }) });
    expect(ran).toBe(false);
    expect(await f.store.useConfirmation('cnf-role', f.clock.now() + 60_000, f.clock.now())).toBe(true);

    const rewording = { question_id: f.q.plan, text: 'Which plan?' };
    const asked = (await f.platform.confirmationNeeded(id('owner'), 'updateQuestion', rewording))!;
    await f.platform.updateQuestion(id('owner'), { question_id: f.q.plan, text: 'Plan now?' });
    const again = await f.platform.withConfirmationUsed({ ...use, id: 'cnf-text', state: asked.state, operation: 'updateQuestion', args: rewording }, async () => (ran = true));
    expect(again).toEqual({ changed: expect.objectContaining({ summary: expect.stringContaining('"Plan now?"') }) });
    expect(ran).toBe(false);
  });


  it('runs once: a second use of the same confirmation runs nothing', async () => {
    const { platform, clock } = await emptyFixture();
    const created = await platform.createSurvey(id('owner'), { workspace_id: 'wsp_a', title: 'S', questions: [{ type: 'short_text', text: 'A?' }, { type: 'short_text', text: 'B?' }] });
    const question = created.questions[0]!.id;
    const args = { question_id: question };
    const { state } = (await platform.confirmationNeeded(id('owner'), 'deleteQuestion', args))!;
    const use = { id: 'cnf-1', surveyId: created.survey.id, expiresAt: clock.now() + 60_000, state, actorUserId: id('owner'), operation: 'deleteQuestion' as const, args };
    const first = await platform.withConfirmationUsed(use, (unit) => unit.deleteQuestion(id('owner'), { question_id: question }));
    expect(first).toEqual({ used: false, value: { deleted: true, question_id: question, survey_id: created.survey.id } });
    let ran = false;
    const second = await platform.withConfirmationUsed(use, async () => (ran = true));
    expect(second).toEqual({ used: true });
    expect(ran).toBe(false);
  });

  it('keeps one sealing key per store, the same for every platform over it', async () => {
    const f = await emptyFixture();
    const { createPlatform } = await import('../../src/platform/index.js');
    const key = await f.platform.confirmationKey();
    expect(key).toHaveLength(32);
    expect(await createPlatform({ store: f.store, clock: f.clock }).confirmationKey()).toEqual(key);
  });
});
