/**
 * The read tools that return individual responses (list_responses, get_response) over real HTTP
 * on the demo data: pagination, filters, truncation, anonymity, and each of their errors as a
 * tool error result of spec 7.2.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '../../helpers/server.js';
import { addResponses, idsOf, lunchQuestions, newSurvey, textAnswer, useToolServer, walkPages } from './support.js';

const tools = useToolServer();
const { ok, fails } = tools;


describe('list_responses', () => {
  it('walks every response of a survey newest first to a last page with next_cursor null and a total equal to the responses seen', async () => {
    const { survey } = await ok('alice', 'get_survey', { survey_id: 'srv_demo_webinar' });
    const { items, pages } = await walkPages(tools, 'alice', 'list_responses', { survey_id: 'srv_demo_webinar', limit: 25 });
    expect(items).toHaveLength(survey.response_counts.total);
    expect(new Set(idsOf(items)).size).toBe(items.length);
    for (const page of pages) expect(page).toMatchObject({ survey_id: 'srv_demo_webinar', total: items.length });
    for (const page of pages.slice(0, -1)) expect(page.responses).toHaveLength(25);
    expect(pages.at(-1)!.next_cursor).toBeNull();
    const submitted = items.map((response) => response.submitted_at as string);
    expect(submitted).toEqual([...submitted].sort().reverse());
  });

  it('lets an analyst page through one answer filter, every response matching it', async () => {
    const args = { survey_id: 'srv_demo_nps', status: 'completed', where: { question_id: 'qst_demo_nps_2', choice_id: 'chc_demo_nps_2_3' }, limit: 100 };
    const { items, pages } = await walkPages(tools, 'bob', 'list_responses', args);
    expect(items.length).toBe(pages[0]!.total);
    expect(pages.length).toBeGreaterThan(1);
    for (const response of items) {
      expect(response.status).toBe('completed');
      expect(response.answers.find((a: Json) => a.question_id === 'qst_demo_nps_2')).toMatchObject({ value: 'Enterprise', choice_ids: ['chc_demo_nps_2_3'] });
    }
  });

  it('includes only the answers to the questions asked for, and names respondents of a named survey', async () => {
    const page = await ok('alice', 'list_responses', { survey_id: 'srv_demo_feedback', status: 'completed', question_ids: ['qst_demo_feedback_1'], limit: 10 });
    expect(page.responses).toHaveLength(10);
    for (const response of page.responses) {
      expect(response.answers).toEqual([{ question_id: 'qst_demo_feedback_1', type: 'rating', value: expect.any(Number) }]);
      expect(response.respondent.email).toMatch(/@example\.org$/);
      expect(response.respondent.name).toEqual(expect.any(String));
    }
  });

  it('never shows a respondent of the anonymous pulse survey', async () => {
    const { items } = await walkPages(tools, 'alice', 'list_responses', { survey_id: 'srv_demo_pulse', limit: 100 });
    expect(items.length).toBeGreaterThan(100);
    for (const response of items) expect(response.respondent).toBeNull();
    expect(JSON.stringify(items)).not.toMatch(/@example\.org/);
  });

  it('cuts a text over 500 characters and marks it truncated, in responses and in result samples', async () => {
    const detail = await newSurvey(tools, { questions: lunchQuestions });
    const note = detail.questions[2];
    const long = `${'very long note '.repeat(60)}end`;
    await addResponses(tools, detail.survey.id, 1, () => [textAnswer(note.id, long)]);
    const page = await ok('alice', 'list_responses', { survey_id: detail.survey.id });
    expect(page.responses[0].answers).toEqual([{ question_id: note.id, type: 'long_text', value: long.slice(0, 500), truncated: true }]);
    const results = await ok('alice', 'get_survey_results', { survey_id: detail.survey.id, question_ids: [note.id] });
    expect(results.questions[0].samples).toMatchObject([{ text: long.slice(0, 500), truncated: true }]);
  });

  it('pages through responses submitted in the same instant without skipping or repeating one', async () => {
    const detail = await newSurvey(tools, { questions: lunchQuestions });
    const at = tools.server.clock.now() - 3_600_000;
    const ids = await addResponses(tools, detail.survey.id, 7, () => [], { submittedAt: at, startedAt: at - 1000 });
    const { items, pages } = await walkPages(tools, 'alice', 'list_responses', { survey_id: detail.survey.id, limit: 3 });
    expect(pages).toHaveLength(3);
    expect(idsOf(items).sort()).toEqual([...ids].sort());
  });

  it('finds text answers containing % or _ literally', async () => {
    const detail = await newSurvey(tools, { questions: lunchQuestions });
    const note = detail.questions[2].id;
    const texts = ['100% sure', 'sure', 'snake_case please', 'snakeXcase'];
    const ids = await addResponses(tools, detail.survey.id, texts.length, (i) => [textAnswer(note, texts[i]!)]);
    const matching = async (contains: string) =>
      idsOf((await ok('alice', 'list_responses', { survey_id: detail.survey.id, where: { question_id: note, contains } })).responses);
    expect(await matching('%')).toEqual([ids[0]]);
    expect(await matching('e_c')).toEqual([ids[2]]);
  });

  it('says a survey that does not exist is not found', async () => {
    await fails('alice', 'list_responses', { survey_id: 'srv_nope' }, "survey 'srv_nope' not found");
  });

  it('says a viewer, or anyone without a role, is not authorized to list responses', async () => {
    await fails('dave', 'list_responses', { survey_id: 'srv_demo_nps' }, "not authorized to view responses of survey 'srv_demo_nps'");
    await fails('bob', 'list_responses', { survey_id: 'srv_demo_pulse' }, "not authorized to view responses of survey 'srv_demo_pulse'");
    await fails('carol', 'list_responses', { survey_id: 'srv_demo_feedback' }, "not authorized to view responses of survey 'srv_demo_feedback'");
  });

  it('refuses a page size above 100 from the argument schema', async () => {
    await fails('alice', 'list_responses', { survey_id: 'srv_demo_nps', limit: 101 }, "validation failed: 'limit' must be at most 100");
    await fails('alice', 'list_responses', { survey_id: 'srv_demo_nps', where: { question_id: 'qst_demo_nps_1', above: 8 } }, "validation failed: unknown argument 'where.above'");
  });

  it('refuses a where that does not fit the question', async () => {
    await fails(
      'alice',
      'list_responses',
      { survey_id: 'srv_demo_nps', where: { question_id: 'qst_demo_nps_1', contains: 'great' } },
      "validation failed: 'where' on nps question 'qst_demo_nps_1' takes min and/or max, not 'contains'",
    );
    await fails(
      'alice',
      'list_responses',
      { survey_id: 'srv_demo_nps', where: { question_id: 'qst_demo_nps_2', choice_id: 'chc_demo_feedback_2_1' } },
      "validation failed: choice 'chc_demo_feedback_2_1' is not a choice of question 'qst_demo_nps_2'",
    );
    await fails(
      'alice',
      'list_responses',
      { survey_id: 'srv_demo_nps', where: { question_id: 'qst_demo_nps_1', min: 9, max: 6 } },
      "validation failed: 'where.min' 9 is above 'where.max' 6",
    );
    await fails(
      'alice',
      'list_responses',
      { survey_id: 'srv_demo_pulse', where: { question_id: 'qst_demo_pulse_4', min: 1 } },
      "validation failed: 'where' cannot filter date question 'qst_demo_pulse_4': use submitted_after/submitted_before for time ranges",
    );
  });

  it('refuses a cursor reused with a different status, answer filter, question list or survey', async () => {
    const args = { survey_id: 'srv_demo_feedback', status: 'completed', limit: 5 };
    const { next_cursor: cursor } = await ok('alice', 'list_responses', args);
    expect(cursor).toEqual(expect.any(String));
    const mismatch = "validation failed: 'cursor' does not match these filters";
    await fails('alice', 'list_responses', { ...args, status: 'partial', cursor }, mismatch);
    await fails('alice', 'list_responses', { ...args, where: { question_id: 'qst_demo_feedback_1', min: 4 }, cursor }, mismatch);
    await fails('alice', 'list_responses', { ...args, question_ids: ['qst_demo_feedback_1'], cursor }, mismatch);
    await fails('alice', 'list_responses', { ...args, survey_id: 'srv_demo_nps', cursor }, mismatch);
    expect((await ok('alice', 'list_responses', { ...args, limit: 50, cursor })).responses).toHaveLength(50);
  });
});

describe('get_response', () => {
  it('returns one response with every answer, its question text and choice labels', async () => {
    const { responses } = await ok('alice', 'list_responses', { survey_id: 'srv_demo_feedback', status: 'completed', limit: 1 });
    const { questions } = await ok('alice', 'get_survey', { survey_id: 'srv_demo_feedback' });
    const texts = Object.fromEntries(questions.map((q: Json) => [q.id, q.text]));
    const { response } = await ok('bob', 'get_response', { response_id: responses[0].id });
    expect(response).toMatchObject({ id: responses[0].id, survey_id: 'srv_demo_feedback', status: 'completed', respondent: responses[0].respondent });
    expect(response.answers.length).toBeGreaterThan(0);
    for (const answer of response.answers) expect(answer.question_text).toBe(texts[answer.question_id]);
    const features = response.answers.find((a: Json) => a.question_id === 'qst_demo_feedback_2');
    expect(features.value).toEqual(features.choice_ids.map((id: string) => questions[1].choices.find((c: Json) => c.id === id).label));
  });

  it('returns the full text that list_responses cut', async () => {
    const detail = await newSurvey(tools, { questions: lunchQuestions });
    const long = 'x'.repeat(1200);
    const [id] = await addResponses(tools, detail.survey.id, 1, () => [textAnswer(detail.questions[2].id, long)]);
    const { response } = await ok('alice', 'get_response', { response_id: id });
    expect(response.answers).toEqual([
      { question_id: detail.questions[2].id, type: 'long_text', value: long, truncated: false, question_text: 'Anything else?' },
    ]);
  });

  it('shows no respondent for a response to the anonymous pulse survey', async () => {
    const { responses } = await ok('alice', 'list_responses', { survey_id: 'srv_demo_pulse', limit: 1 });
    const { response } = await ok('alice', 'get_response', { response_id: responses[0].id });
    expect(response.respondent).toBeNull();
    expect(JSON.stringify(response)).not.toMatch(/@example\.org/);
  });

  it('says a response that does not exist is not found', async () => {
    await fails('alice', 'get_response', { response_id: 'rsp_nope' }, "response 'rsp_nope' not found");
  });

  it('says a viewer, or anyone without a role on its survey, is not authorized', async () => {
    const { responses } = await ok('alice', 'list_responses', { survey_id: 'srv_demo_nps', limit: 1 });
    await fails('dave', 'get_response', { response_id: responses[0].id }, "not authorized to view responses of survey 'srv_demo_nps'");
    await fails('carol', 'get_response', { response_id: responses[0].id }, "not authorized to view responses of survey 'srv_demo_nps'");
    const offsite = await ok('erin', 'list_responses', { survey_id: 'srv_demo_offsite', limit: 1 });
    await fails('alice', 'get_response', { response_id: offsite.responses[0].id }, "not authorized to view responses of survey 'srv_demo_offsite'");
  });

  it('refuses a missing response_id from the argument schema', async () => {
    await fails('alice', 'get_response', {}, "validation failed: 'response_id' is required");
  });
});
