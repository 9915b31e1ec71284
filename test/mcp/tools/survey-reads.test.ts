/**
 * The read tools that describe surveys (get_me, list_surveys, get_survey, get_survey_results) over
 * real HTTP on the demo data: what each returns, and each of its errors (not found, not
 * authorized, validation failed) as a tool error result of spec 7.2.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '../../helpers/server.js';
import { idsOf, newSurvey, sum, useToolServer, walkPages } from './support.js';

const tools = useToolServer();
const { ok, fails } = tools;

const acmeDemoSurveys = [
  'srv_demo_nps',
  'srv_demo_feedback',
  'srv_demo_pulse',
  'srv_demo_onboarding',
  'srv_demo_webinar',
  'srv_demo_launch',
  'srv_demo_2025',
];

describe('get_me', () => {
  it('returns the signed-in person and their workspaces with their role in each', async () => {
    expect(await ok('alice', 'get_me')).toEqual({
      user: { id: 'usr_demo_alice', email: 'alice@example.com', name: 'Alice Moreau' },
      workspaces: [{ id: 'wsp_demo_acme', name: 'Acme Product', role: 'admin' }],
    });
    expect((await ok('bob', 'get_me')).workspaces).toEqual([{ id: 'wsp_demo_acme', name: 'Acme Product', role: 'member' }]);
    expect((await ok('carol', 'get_me')).workspaces).toEqual([{ id: 'wsp_demo_studio', name: 'Northwind Studio', role: 'admin' }]);
  });

  it('refuses an argument it does not take with validation failed', async () => {
    await fails('alice', 'get_me', { verbose: true }, "validation failed: unknown argument 'verbose'");
  });
});

describe('list_surveys', () => {
  it('walks every survey alice may open to a last page with next_cursor null and a total equal to the surveys seen', async () => {
    const { items, pages } = await walkPages(tools, 'alice', 'list_surveys', { limit: 2 });
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages.slice(0, -1)) {
      expect(page.surveys).toHaveLength(2);
      expect(page.next_cursor).toEqual(expect.any(String));
    }
    expect(pages.at(-1)!.next_cursor).toBeNull();
    for (const page of pages) expect(page.total).toBe(items.length);
    expect(new Set(idsOf(items)).size).toBe(items.length);
    expect(idsOf(items)).toEqual(expect.arrayContaining(acmeDemoSurveys));
    expect(idsOf(items)).not.toContain('srv_demo_offsite');
    for (const survey of items) expect(survey.my_role).toBe('owner');
    const created = items.map((survey) => survey.created_at as string);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('shows a collaborator only the surveys shared with them, each with their role', async () => {
    const { items } = await walkPages(tools, 'bob', 'list_surveys', {});
    const roles = Object.fromEntries(items.filter((s) => s.owner_id !== 'usr_demo_bob').map((s) => [s.id, s.my_role]));
    expect(roles).toEqual({ srv_demo_nps: 'analyst', srv_demo_feedback: 'analyst', srv_demo_pulse: 'viewer' });
    const carol = await ok('carol', 'list_surveys');
    expect(carol).toMatchObject({ next_cursor: null, total: 1 });
    expect(carol.surveys).toMatchObject([{ id: 'srv_demo_offsite', my_role: 'owner', question_count: 3 }]);
  });

  it('filters by status, title text and workspace', async () => {
    const archived = await ok('alice', 'list_surveys', { status: 'archived' });
    expect(idsOf(archived.surveys)).toContain('srv_demo_2025');
    for (const survey of archived.surveys) expect(survey.status).toBe('archived');
    expect(archived.total).toBe(archived.surveys.length);
    const pulse = await ok('alice', 'list_surveys', { query: 'pulse' });
    expect(idsOf(pulse.surveys)).toEqual(['srv_demo_pulse']);
    expect(pulse.surveys[0]).toMatchObject({ status: 'closed', anonymous: true, question_count: 5 });
    expect(await ok('alice', 'list_surveys', { workspace_id: 'wsp_demo_studio' })).toEqual({ surveys: [], next_cursor: null, total: 0 });
  });

  it('pages through surveys created in the same instant without skipping or repeating one', async () => {
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push((await newSurvey(tools, { title: `Same instant ${i}` })).survey.id);
    const { items, pages } = await walkPages(tools, 'alice', 'list_surveys', { query: 'Same instant', limit: 1 });
    expect(pages).toHaveLength(5);
    expect(idsOf(items).sort()).toEqual([...created].sort());
  });

  it('matches % and _ in a title query literally', async () => {
    const { survey } = await newSurvey(tools, { title: 'Rollout 100% done' });
    expect(idsOf((await ok('alice', 'list_surveys', { query: '0%' })).surveys)).toEqual([survey.id]);
    expect((await ok('alice', 'list_surveys', { query: 'Rollout_1' })).total).toBe(0);
  });

  it('says a workspace that does not exist is not found', async () => {
    await fails('alice', 'list_surveys', { workspace_id: 'wsp_nope' }, "workspace 'wsp_nope' not found");
  });

  it('refuses a title query holding a control character, naming it', async () => {
    await fails('alice', 'list_surveys', { query: 'NPS\u0000' }, "validation failed: 'query' must not contain control characters, found U+0000 at position 3");
  });

  it('refuses a page size above 100 or below 1, and an unknown status, from the argument schema', async () => {
    await fails('alice', 'list_surveys', { limit: 101 }, "validation failed: 'limit' must be at most 100");
    await fails('alice', 'list_surveys', { limit: 0 }, "validation failed: 'limit' must be at least 1");
    await fails('alice', 'list_surveys', { status: 'deleted' }, `validation failed: 'status' must be one of "draft", "open", "paused", "closed", "archived"`);
  });

  it('refuses a cursor reused with different filters or by another person, and one it never issued', async () => {
    const first = await ok('alice', 'list_surveys', { status: 'closed', limit: 1 });
    expect(first.next_cursor).toEqual(expect.any(String));
    const cursor = first.next_cursor as string;
    await fails('alice', 'list_surveys', { status: 'open', limit: 1, cursor }, "validation failed: 'cursor' does not match these filters");
    await fails('alice', 'list_surveys', { limit: 1, cursor }, "validation failed: 'cursor' does not match these filters");
    await fails('bob', 'list_surveys', { status: 'closed', limit: 1, cursor }, "validation failed: 'cursor' does not match these filters");
    await fails('alice', 'list_surveys', { cursor: 'not-a-cursor' }, "validation failed: 'cursor' is not a cursor this server issued");
    // Only the page size may change between pages.
    const rest = await ok('alice', 'list_surveys', { status: 'closed', limit: 100, cursor });
    expect(rest.next_cursor).toBeNull();
    expect(first.surveys.length + rest.surveys.length).toBe(first.total);
  });
});

describe('get_survey', () => {
  it('returns the survey, its questions with choices and response counts, and collaborators for the owner', async () => {
    const detail = await ok('alice', 'get_survey', { survey_id: 'srv_demo_nps' });
    expect(detail.survey).toMatchObject({ id: 'srv_demo_nps', workspace_id: 'wsp_demo_acme', status: 'open', my_role: 'owner', anonymous: false });
    const counts = detail.survey.response_counts;
    expect(counts.total).toBe(counts.completed + counts.partial + counts.disqualified);
    expect(counts.completed).toBeGreaterThan(1000);
    expect(detail.questions.map((q: Json) => [q.id, q.position, q.type])).toEqual([
      ['qst_demo_nps_1', 1, 'nps'],
      ['qst_demo_nps_2', 2, 'single_choice'],
      ['qst_demo_nps_3', 3, 'long_text'],
    ]);
    expect(detail.questions[1].choices.map((c: Json) => c.label)).toEqual(['Free', 'Pro', 'Enterprise']);
    expect(detail.collaborators.map((c: Json) => [c.email, c.role])).toEqual(
      expect.arrayContaining([
        ['bob@example.com', 'analyst'],
        ['dave@example.com', 'viewer'],
      ]),
    );
  });

  it('shows a collaborator their role and not the collaborators', async () => {
    const detail = await ok('dave', 'get_survey', { survey_id: 'srv_demo_nps' });
    expect(detail.survey.my_role).toBe('viewer');
    expect(detail).not.toHaveProperty('collaborators');
  });

  it('says a survey that does not exist is not found', async () => {
    await fails('alice', 'get_survey', { survey_id: 'srv_nope' }, "survey 'srv_nope' not found");
  });

  it('says a person without a role on the survey is not authorized, across workspaces both ways', async () => {
    await fails('carol', 'get_survey', { survey_id: 'srv_demo_nps' }, "not authorized to view survey 'srv_demo_nps'");
    await fails('alice', 'get_survey', { survey_id: 'srv_demo_offsite' }, "not authorized to view survey 'srv_demo_offsite'");
    await fails('bob', 'get_survey', { survey_id: 'srv_demo_onboarding' }, "not authorized to view survey 'srv_demo_onboarding'");
  });

  it('refuses a missing or mistyped survey_id from the argument schema', async () => {
    await fails('alice', 'get_survey', {}, "validation failed: 'survey_id' is required");
    await fails('alice', 'get_survey', { survey_id: 42 }, "validation failed: 'survey_id' must be a string, got number");
  });
});

describe('get_survey_results', () => {
  it('gives srv_demo_nps an NPS block whose parts add up to the counted answers and whose score is within -100..100', async () => {
    const results = await ok('alice', 'get_survey_results', { survey_id: 'srv_demo_nps' });
    const { survey } = await ok('alice', 'get_survey', { survey_id: 'srv_demo_nps' });
    expect(results.filters).toEqual({ status: 'completed', submitted_after: null, submitted_before: null });
    expect(results.response_count).toBe(survey.response_counts.completed);
    const question = results.questions.find((q: Json) => q.question_id === 'qst_demo_nps_1');
    const { promoters, passives, detractors, score } = question.nps;
    expect(promoters + passives + detractors).toBe(question.answered);
    expect(sum(question.distribution.map((d: Json) => d.count))).toBe(question.answered);
    // The question is required, so every completed response answered it.
    expect(question.answered).toBe(results.response_count);
    expect(score).toBeGreaterThanOrEqual(-100);
    expect(score).toBeLessThanOrEqual(100);
    expect(score).toBeCloseTo((100 * (promoters - detractors)) / question.answered, 1);
    expect(question.min).toBeGreaterThanOrEqual(0);
    expect(question.max).toBeLessThanOrEqual(10);
  });

  it('counts the same promoters and detractors that list_responses finds with a where filter', async () => {
    const results = await ok('alice', 'get_survey_results', { survey_id: 'srv_demo_nps', question_ids: ['qst_demo_nps_1'] });
    expect(results.questions.map((q: Json) => q.question_id)).toEqual(['qst_demo_nps_1']);
    const { promoters, detractors } = results.questions[0].nps;
    const where = (range: Json) => ({ survey_id: 'srv_demo_nps', status: 'completed', where: { question_id: 'qst_demo_nps_1', ...range }, limit: 1 });
    expect((await ok('alice', 'list_responses', where({ min: 9 }))).total).toBe(promoters);
    expect((await ok('alice', 'list_responses', where({ max: 6 }))).total).toBe(detractors);
  });

  it('counts choices with percentages and repeats every aggregate per segment', async () => {
    const results = await ok('alice', 'get_survey_results', { survey_id: 'srv_demo_nps', segment_by: 'qst_demo_nps_2' });
    const plan = results.questions.find((q: Json) => q.question_id === 'qst_demo_nps_2');
    expect(sum(plan.choices.map((c: Json) => c.count))).toBe(plan.answered);
    expect(sum(plan.choices.map((c: Json) => c.percent))).toBeCloseTo(100, 0);
    const { segments } = results.segmented_by;
    expect(results.segmented_by.question_id).toBe('qst_demo_nps_2');
    expect(segments.map((s: Json) => s.label)).toEqual(['Free', 'Pro', 'Enterprise']);
    expect(segments.map((s: Json) => s.response_count)).toEqual(plan.choices.map((c: Json) => c.count));
    const npsOf = (questions: Json[]) => questions.find((q) => q.question_id === 'qst_demo_nps_1')!.nps;
    expect(sum(segments.map((s: Json) => npsOf(s.questions).promoters))).toBe(npsOf(results.questions).promoters);
  });

  it('filters by response status and splits cleanly at a submission time', async () => {
    const { survey } = await ok('alice', 'get_survey', { survey_id: 'srv_demo_nps' });
    const partial = await ok('alice', 'get_survey_results', { survey_id: 'srv_demo_nps', status: 'partial' });
    expect(partial.filters.status).toBe('partial');
    expect(partial.response_count).toBe(survey.response_counts.partial);
    const split = new Date(tools.server.clock.now() - 30 * 86_400_000).toISOString();
    const after = await ok('alice', 'get_survey_results', { survey_id: 'srv_demo_nps', submitted_after: split });
    const before = await ok('alice', 'get_survey_results', { survey_id: 'srv_demo_nps', submitted_before: split });
    expect(after.filters.submitted_after).toBe(split);
    expect(after.response_count).toBeGreaterThan(0);
    expect(before.response_count).toBeGreaterThan(0);
    expect(after.response_count + before.response_count).toBe(survey.response_counts.completed);
  });

  it('gives an analyst the newest text answers and tells a viewer why they are hidden', async () => {
    const asAnalyst = await ok('bob', 'get_survey_results', { survey_id: 'srv_demo_nps' });
    const asViewer = await ok('dave', 'get_survey_results', { survey_id: 'srv_demo_nps' });
    const reason = (results: Json) => results.questions.find((q: Json) => q.question_id === 'qst_demo_nps_3');
    const samples = reason(asAnalyst).samples as Json[];
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.length).toBeLessThanOrEqual(5);
    for (const sample of samples) expect(sample).toMatchObject({ response_id: expect.stringMatching(/^rsp_/), text: expect.any(String) });
    expect(reason(asAnalyst)).not.toHaveProperty('samples_hidden');
    expect(reason(asViewer)).not.toHaveProperty('samples');
    expect(reason(asViewer).samples_hidden).toBe('text answers need the analyst role or above');
    expect(reason(asViewer).answered).toBe(reason(asAnalyst).answered);
  });

  it('keeps rating, number and date aggregates within the answers given', async () => {
    const results = await ok('alice', 'get_survey_results', { survey_id: 'srv_demo_pulse' });
    const [rating, team, , date, hours] = results.questions as Json[];
    expect(rating!.distribution.map((d: Json) => d.value).every((v: number) => v >= 1 && v <= 5)).toBe(true);
    expect(sum(rating!.distribution.map((d: Json) => d.count))).toBe(rating!.answered);
    expect(sum(rating!.distribution.map((d: Json) => d.percent))).toBeCloseTo(100, 0);
    for (const stats of [rating!, hours!]) {
      expect(stats.min).toBeLessThanOrEqual(stats.median);
      expect(stats.median).toBeLessThanOrEqual(stats.max);
      expect(stats.mean).toBeGreaterThanOrEqual(stats.min);
      expect(stats.mean).toBeLessThanOrEqual(stats.max);
    }
    expect(sum(team!.choices.map((c: Json) => c.count))).toBe(team!.answered);
    expect(date!.earliest <= date!.latest).toBe(true);
    expect(date!.earliest).toMatch(/^2026-0[1-3]-\d{2}$/);
  });

  it('reports a survey without responses as zero counts and a null NPS score', async () => {
    const { survey } = await newSurvey(tools, { questions: [{ type: 'nps', text: 'Recommend?' }, { type: 'number', text: 'How many?' }] });
    const results = await ok('alice', 'get_survey_results', { survey_id: survey.id });
    expect(results.response_count).toBe(0);
    expect(results.questions[0]).toMatchObject({ answered: 0, mean: null, nps: { promoters: 0, passives: 0, detractors: 0, score: null } });
    expect(results.questions[1]).toMatchObject({ answered: 0, mean: null, median: null, min: null, max: null });
  });

  it('aggregates the anonymous pulse survey without any respondent email or name', async () => {
    const results = await ok('alice', 'get_survey_results', { survey_id: 'srv_demo_pulse' });
    expect(results.questions.map((q: Json) => q.type)).toEqual(['rating', 'single_choice', 'long_text', 'date', 'number']);
    expect(JSON.stringify(results)).not.toMatch(/@example\.org|respondent/);
  });

  it('says a survey that does not exist is not found', async () => {
    await fails('alice', 'get_survey_results', { survey_id: 'srv_nope' }, "survey 'srv_nope' not found");
  });

  it('says a person without a role on the survey is not authorized', async () => {
    await fails('carol', 'get_survey_results', { survey_id: 'srv_demo_nps' }, "not authorized to view survey 'srv_demo_nps'");
    await fails('erin', 'get_survey_results', { survey_id: 'srv_demo_pulse' }, "not authorized to view survey 'srv_demo_pulse'");
  });

  it('refuses filters the survey rejects', async () => {
    await fails(
      'alice',
      'get_survey_results',
      { survey_id: 'srv_demo_nps', submitted_after: '2026-03-01T00:00:00Z', submitted_before: '2026-02-01T00:00:00Z' },
      "validation failed: 'submitted_after' 2026-03-01T00:00:00Z is not before 'submitted_before' 2026-02-01T00:00:00Z",
    );
    await fails(
      'alice',
      'get_survey_results',
      { survey_id: 'srv_demo_nps', segment_by: 'qst_demo_nps_1' },
      "validation failed: 'segment_by' must be a single_choice question, 'qst_demo_nps_1' is nps",
    );
    await fails(
      'alice',
      'get_survey_results',
      { survey_id: 'srv_demo_nps', question_ids: ['qst_demo_feedback_1'] },
      "validation failed: question 'qst_demo_feedback_1' is not a question of survey 'srv_demo_nps'",
    );
  });

  it('refuses a malformed date-time or status from the argument schema', async () => {
    await fails('alice', 'get_survey_results', { survey_id: 'srv_demo_nps', submitted_after: 'yesterday' }, "validation failed: 'submitted_after' must be a valid ISO-8601 date-time");
    await fails('alice', 'get_survey_results', { survey_id: 'srv_demo_nps', status: 'done' }, `validation failed: 'status' must be one of "completed", "partial", "disqualified"`);
  });
});
