import { beforeEach, describe, expect, it } from 'vitest';
import { fixture, id, longText, type Fixture } from './fixture.js';

let f: Fixture;
beforeEach(async () => {
  f = await fixture();
});

const ids = (page: { responses: Array<{ id: string }> }) => page.responses.map((r) => r.id);

describe('list_responses', () => {
  it('pages newest first with a total, and the last page has next_cursor null', async () => {
    const first = await f.platform.listResponses(id('owner'), { survey_id: f.surveyId, limit: 5 });
    expect(first.total).toBe(12);
    expect(ids(first)).toEqual(['rsp_f11', 'rsp_f10', 'rsp_f09', 'rsp_f08', 'rsp_f07']);
    const second = await f.platform.listResponses(id('owner'), { survey_id: f.surveyId, limit: 5, cursor: first.next_cursor! });
    expect(ids(second)).toEqual(['rsp_f06', 'rsp_f05', 'rsp_f04', 'rsp_f03', 'rsp_f02']);
    const last = await f.platform.listResponses(id('owner'), { survey_id: f.surveyId, limit: 5, cursor: second.next_cursor! });
    expect(ids(last)).toEqual(['rsp_f01', 'rsp_f00']);
    expect(last.next_cursor).toBeNull();
  });

  it('gives next_cursor null when the page exactly fills the rest', async () => {
    const page = await f.platform.listResponses(id('owner'), { survey_id: f.surveyId, limit: 12 });
    expect(page.responses).toHaveLength(12);
    expect(page.next_cursor).toBeNull();
  });

  it('refuses a cursor reused with different filters, a forged cursor, and limits 0 and 101', async () => {
    const first = await f.platform.listResponses(id('owner'), { survey_id: f.surveyId, limit: 2 });
    await expect(
      f.platform.listResponses(id('owner'), { survey_id: f.surveyId, status: 'completed', limit: 2, cursor: first.next_cursor! }),
    ).rejects.toThrow("validation failed: 'cursor' does not match these filters");
    await expect(f.platform.listResponses(id('owner'), { survey_id: f.surveyId, cursor: 'garbage' })).rejects.toThrow(
      "validation failed: 'cursor' is not a cursor this server issued",
    );
    for (const limit of [0, 101]) {
      await expect(f.platform.listResponses(id('owner'), { survey_id: f.surveyId, limit })).rejects.toThrow(
        `validation failed: 'limit' must be a whole number from 1 to 100, got ${limit}`,
      );
    }
  });

  it('a cursor keeps working when only the page size changes', async () => {
    const first = await f.platform.listResponses(id('owner'), { survey_id: f.surveyId, limit: 2 });
    const next = await f.platform.listResponses(id('owner'), { survey_id: f.surveyId, limit: 3, cursor: first.next_cursor! });
    expect(ids(next)).toEqual(['rsp_f09', 'rsp_f08', 'rsp_f07']);
  });

  it('filters with where on a choice, a numeric range and a text fragment', async () => {
    const pro = await f.platform.listResponses(id('owner'), { survey_id: f.surveyId, where: { question_id: f.q.plan, choice_id: f.choice(f.q.plan, 'Pro') } });
    expect(pro.total).toBe(4);
    expect(ids(pro)).toEqual(['rsp_f07', 'rsp_f04', 'rsp_f01', 'rsp_f00']);
    const detractors = await f.platform.listResponses(id('owner'), { survey_id: f.surveyId, status: 'completed', where: { question_id: f.q.nps, max: 6 } });
    expect(ids(detractors)).toEqual(['rsp_f08', 'rsp_f06', 'rsp_f05']);
    const text = await f.platform.listResponses(id('owner'), { survey_id: f.surveyId, where: { question_id: f.q.why, contains: 'REASON 3' } });
    expect(ids(text)).toEqual(['rsp_f03']);
  });

  it('refuses a where that does not fit the question type', async () => {
    await expect(
      f.platform.listResponses(id('owner'), { survey_id: f.surveyId, where: { question_id: f.q.nps, contains: 'x' } }),
    ).rejects.toThrow(`validation failed: 'where' on nps question '${f.q.nps}' takes min and/or max, not 'contains'`);
    await expect(
      f.platform.listResponses(id('owner'), { survey_id: f.surveyId, where: { question_id: f.q.plan, choice_id: f.choice(f.q.features, 'A') } }),
    ).rejects.toThrow(`validation failed: choice '${f.choice(f.q.features, 'A')}' is not a choice of question '${f.q.plan}'`);
    await expect(
      f.platform.listResponses(id('owner'), { survey_id: f.surveyId, where: { question_id: f.q.day, min: 1 } }),
    ).rejects.toThrow(/validation failed: 'where' cannot filter date question/);
  });

  it('cuts long texts with truncated: true and shows answers as labels and numbers', async () => {
    const page = await f.platform.listResponses(id('owner'), { survey_id: f.surveyId, question_ids: [f.q.why, f.q.features] });
    const oldest = page.responses.find((r) => r.id === 'rsp_f00')!;
    expect(oldest.answers).toEqual([
      { question_id: f.q.why, type: 'long_text', value: longText.slice(0, 500), truncated: true },
      { question_id: f.q.features, type: 'multiple_choice', value: ['A', 'B'], choice_ids: [f.choice(f.q.features, 'A'), f.choice(f.q.features, 'B')] },
    ]);
    expect(oldest.respondent).toEqual({ email: 'r0@example.org', name: 'Respondent 0' });
  });

  it('needs the analyst role: viewers are refused', async () => {
    await f.platform.shareSurvey(id('owner'), { survey_id: f.surveyId, user_email: 'viewer@test.example', role: 'viewer' });
    await expect(f.platform.listResponses(id('viewer'), { survey_id: f.surveyId })).rejects.toThrow(
      `not authorized to view responses of survey '${f.surveyId}'`,
    );
  });

  it('fails on the very next page once the share is removed mid-pagination', async () => {
    await f.platform.shareSurvey(id('owner'), { survey_id: f.surveyId, user_email: 'analyst@test.example', role: 'analyst' });
    const first = await f.platform.listResponses(id('analyst'), { survey_id: f.surveyId, limit: 3 });
    await f.platform.shareSurvey(id('owner'), { survey_id: f.surveyId, user_email: 'analyst@test.example', role: 'none' });
    await expect(f.platform.listResponses(id('analyst'), { survey_id: f.surveyId, limit: 3, cursor: first.next_cursor! })).rejects.toThrow(
      `not authorized to view responses of survey '${f.surveyId}'`,
    );
  });
});

describe('get_response', () => {
  it('returns the full text with question texts', async () => {
    const { response } = await f.platform.getResponse(id('owner'), { response_id: 'rsp_f00' });
    const why = response.answers.find((a) => a.question_id === f.q.why)!;
    expect(why).toEqual({ question_id: f.q.why, type: 'long_text', value: longText, truncated: false, question_text: 'Why?' });
    expect(response).toMatchObject({ status: 'completed', channel: 'email', duration_seconds: 60 });
  });

  it('names a missing response, then refuses people below analyst', async () => {
    await expect(f.platform.getResponse(id('stranger'), { response_id: 'rsp_nope' })).rejects.toThrow("response 'rsp_nope' not found");
    await expect(f.platform.getResponse(id('stranger'), { response_id: 'rsp_f00' })).rejects.toThrow(
      `not authorized to view responses of survey '${f.surveyId}'`,
    );
  });

  it('never shows respondent identity on an anonymous survey', async () => {
    const anonymous = await fixture({ anonymous: true });
    const { response } = await anonymous.platform.getResponse(id('owner'), { response_id: 'rsp_f00' });
    expect(response.respondent).toBeNull();
    const page = await anonymous.platform.listResponses(id('owner'), { survey_id: anonymous.surveyId });
    expect(page.responses.every((r) => r.respondent === null)).toBe(true);
  });
});
