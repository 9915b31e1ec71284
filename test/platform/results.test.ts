import { beforeEach, describe, expect, it } from 'vitest';
import { fixture, id, longText, start, type Fixture } from './fixture.js';

let f: Fixture;
beforeEach(async () => {
  f = await fixture();
});

const byId = (result: Awaited<ReturnType<Fixture['platform']['getSurveyResults']>>, questionId: string) =>
  result.questions.find((q) => q.question_id === questionId)!;

describe('get_survey_results', () => {
  it('computes NPS, mean, median, min and max as worked out by hand', async () => {
    const result = await f.platform.getSurveyResults(id('owner'), { survey_id: f.surveyId });
    expect(result.response_count).toBe(10);
    const nps = byId(result, f.q.nps);
    expect(nps.nps).toEqual({
      promoters: 5,
      passives: 2,
      detractors: 3,
      promoters_percent: 50,
      passives_percent: 20,
      detractors_percent: 30,
      score: 20,
    });
    expect(nps).toMatchObject({ answered: 10, mean: 7.6, median: 8.5, min: 3, max: 10 });
    expect(byId(result, f.q.rating)).toMatchObject({ answered: 10, mean: 3.7, median: 4, min: 1, max: 5 });
    expect(byId(result, f.q.rating).distribution).toContainEqual({ value: 4, count: 4, percent: 40 });
    expect(byId(result, f.q.number)).toMatchObject({ answered: 3, mean: 20, median: 20, min: 10, max: 30 });
    expect(byId(result, f.q.day)).toMatchObject({ answered: 2, earliest: '2026-01-05', latest: '2026-02-10' });
  });

  it('counts choices with percentages of those who answered, multiple choice per respondent', async () => {
    const result = await f.platform.getSurveyResults(id('owner'), { survey_id: f.surveyId });
    expect(byId(result, f.q.plan).choices).toEqual([
      { choice_id: f.choice(f.q.plan, 'Free'), label: 'Free', count: 6, percent: 60 },
      { choice_id: f.choice(f.q.plan, 'Pro'), label: 'Pro', count: 4, percent: 40 },
    ]);
    const features = byId(result, f.q.features);
    expect(features.answered).toBe(3);
    expect(features.choices!.map((c) => [c.label, c.count, c.percent])).toEqual([
      ['A', 2, 66.7],
      ['B', 2, 66.7],
      ['C', 1, 33.3],
    ]);
  });

  it('repeats every aggregate per choice of a segment_by question', async () => {
    const result = await f.platform.getSurveyResults(id('owner'), { survey_id: f.surveyId, segment_by: f.q.plan, question_ids: [f.q.nps] });
    const [free, pro] = result.segmented_by!.segments;
    expect(pro).toMatchObject({ label: 'Pro', response_count: 4 });
    expect(pro!.questions[0]!.nps).toMatchObject({ promoters: 3, passives: 1, detractors: 0, score: 75 });
    // Free: 9, 8, 6, 5, 3, 9 → 2 promoters, 1 passive, 3 detractors → 33.3 − 50 = −16.7
    expect(free!.questions[0]!.nps).toMatchObject({ promoters: 2, passives: 1, detractors: 3, score: -16.7 });
  });

  it('shows the newest text samples to analysts, cut at 500 characters, and hides them from viewers', async () => {
    await f.platform.shareSurvey(id('owner'), { survey_id: f.surveyId, user_email: 'viewer@test.example', role: 'viewer' });
    await f.platform.shareSurvey(id('owner'), { survey_id: f.surveyId, user_email: 'analyst@test.example', role: 'analyst' });
    const analyst = byId(await f.platform.getSurveyResults(id('analyst'), { survey_id: f.surveyId }), f.q.why);
    expect(analyst.answered).toBe(6);
    expect(analyst.samples!.map((s) => s.text.slice(0, 8))).toEqual(['reason 5', 'reason 4', 'reason 3', 'reason 2', 'reason 1']);
    const viewer = byId(await f.platform.getSurveyResults(id('viewer'), { survey_id: f.surveyId }), f.q.why);
    expect(viewer.samples).toBeUndefined();
    expect(viewer.samples_hidden).toMatch(/analyst/);
    const all = byId(await f.platform.getSurveyResults(id('owner'), { survey_id: f.surveyId, submitted_before: '2026-03-01T10:30:00Z' }), f.q.why);
    expect(all.samples).toEqual([{ response_id: 'rsp_f00', text: longText.slice(0, 500), truncated: true, submitted_at: '2026-03-01T10:00:00.000Z' }]);
  });

  it('filters by status, submission time and question ids', async () => {
    const partial = await f.platform.getSurveyResults(id('owner'), { survey_id: f.surveyId, status: 'partial', question_ids: [f.q.nps] });
    expect(partial.response_count).toBe(1);
    expect(partial.questions).toHaveLength(1);
    expect(partial.questions[0]!.nps!.detractors).toBe(1);
    const firstThree = await f.platform.getSurveyResults(id('owner'), {
      survey_id: f.surveyId,
      submitted_after: new Date(start).toISOString(),
      submitted_before: new Date(start + 3.5 * 3_600_000).toISOString(),
      question_ids: [f.q.nps],
    });
    expect(firstThree.response_count).toBe(3);
    expect(firstThree.questions[0]).toMatchObject({ answered: 3, mean: 9.33, median: 9 });
  });

  it('refuses a segment_by that is not single choice and a question of another survey', async () => {
    await expect(f.platform.getSurveyResults(id('owner'), { survey_id: f.surveyId, segment_by: f.q.rating })).rejects.toThrow(
      `validation failed: 'segment_by' must be a single_choice question, '${f.q.rating}' is rating`,
    );
    await expect(f.platform.getSurveyResults(id('owner'), { survey_id: f.surveyId, question_ids: ['qst_nope'] })).rejects.toThrow(
      `validation failed: question 'qst_nope' is not a question of survey '${f.surveyId}'`,
    );
  });

  it('is closed to people without a role, and names a missing survey first', async () => {
    await expect(f.platform.getSurveyResults(id('member'), { survey_id: f.surveyId })).rejects.toThrow(
      `not authorized to view survey '${f.surveyId}'`,
    );
    await expect(f.platform.getSurveyResults(id('member'), { survey_id: 'srv_x', segment_by: 'bad' })).rejects.toThrow(
      "survey 'srv_x' not found",
    );
  });
});
