/**
 * Parallel edits over real HTTP, on SQLite and on PostgreSQL: every request is sent at once
 * against a running server, and the survey must come out as if they had run one after another.
 * Before edits ran as locked units, PostgreSQL answered "internal error" (deadlock detected),
 * left duplicate and missing positions, passed the 200-question cap and lost choices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/ids.js';
import { backends, startTeamServer, type Team } from '../helpers/backends.js';
import { postMcp, rpc } from '../helpers/mcp.js';
import { personConfirms } from '../helpers/person-confirms.js';
import type { Json } from '../helpers/server.js';

interface Answer {
  readonly status: number;
  readonly isError: boolean;
  readonly payload: Json;
}

describe.each(backends)('parallel edits on %s', (backend) => {
  let team: Team;
  beforeAll(async () => {
    team = await startTeamServer(backend);
  });
  afterAll(() => team.close());

  /** One tools/call as alice; any HTTP status is recorded, never thrown. */
  async function call(name: string, args: Json): Promise<Answer> {
    const response = await postMcp(team.server, rpc('tools/call', { name, arguments: args }), { token: team.alice });
    const text = await response.text();
    const result = response.status === 200 ? (JSON.parse(text) as Json).result : undefined;
    return {
      status: response.status,
      isError: result?.isError === true,
      payload: result ? (JSON.parse(result.content[0].text) as Json) : { body: text },
    };
  }

  /** A call confirmed when it needs the person's confirmation (the confirmation-token flow). */
  async function confirmed(name: string, args: Json): Promise<Answer> {
    const first = await call(name, args);
    const token = first.isError ? first.payload.confirmation_token : undefined;
    if (token === undefined) return first;
    await personConfirms(team.server, token);
    return call(name, { ...args, confirmation_token: token });
  }

  async function ok(name: string, args: Json): Promise<Json> {
    const answer = await confirmed(name, args);
    expect(answer, `${name} failed`).toMatchObject({ status: 200, isError: false });
    return answer.payload;
  }

  const parallel = (count: number, request: (index: number) => Promise<Answer>) =>
    Promise.all(Array.from({ length: count }, (_, index) => request(index)));

  const newSurvey = async (questions: Json[] = []): Promise<string> =>
    (await ok('create_survey', { workspace_id: 'wsp_test', title: 'Parallel', questions })).survey.id;

  const questionsOf = async (surveyId: string): Promise<Json[]> => (await ok('get_survey', { survey_id: surveyId })).questions;

  const text = (index: number) => ({ type: 'short_text', text: `Question ${index}` });

  it('40 parallel add_question: every one answered 200 and applied, positions 1 to 40', async () => {
    const surveyId = await newSurvey();
    const answers = await parallel(40, (i) => call('add_question', { survey_id: surveyId, ...text(i) }));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    expect(answers.filter((a) => a.isError).map((a) => a.payload.error)).toEqual([]);
    const questions = await questionsOf(surveyId);
    expect(questions.map((q) => q.position)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(questions.map((q) => q.text)).size).toBe(40);
  });

  it('20 parallel adds mixed with 20 parallel moves: all applied, positions 1 to 30, no 5xx', async () => {
    const surveyId = await newSurvey(Array.from({ length: 10 }, (_, i) => text(i)));
    const existing = await questionsOf(surveyId);
    const answers = await parallel(40, (i) =>
      i % 2 === 0
        ? call('add_question', { survey_id: surveyId, ...text(100 + i), position: 1 + (i % 7) })
        : call('update_question', { question_id: existing[i % 10]!.id, position: 1 + (i % 10) }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    expect(answers.filter((a) => a.isError).map((a) => a.payload.error)).toEqual([]);
    const questions = await questionsOf(surveyId);
    expect(questions.map((q) => q.position)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(new Set(questions.map((q) => q.id)).size).toBe(30);
  });

  it('195 questions and 50 parallel add_question: exactly 5 get in, the cap of 200 holds', async () => {
    const surveyId = await newSurvey(Array.from({ length: 195 }, (_, i) => text(i)));
    const answers = await parallel(50, (i) => call('add_question', { survey_id: surveyId, ...text(1000 + i) }));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => !a.isError)).toHaveLength(5);
    expect(new Set(answers.filter((a) => a.isError).map((a) => a.payload.error))).toEqual(
      new Set([`validation failed: survey '${surveyId}' already holds the maximum of 200 questions`]),
    );
    const questions = await questionsOf(surveyId);
    expect(questions.map((q) => q.position)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it('20 parallel update_question each adding a choice to a survey with responses: no acknowledged choice is lost', async () => {
    const surveyId = await newSurvey([{ type: 'single_choice', text: 'Plan', choices: ['Free', 'Pro'] }]);
    await ok('set_survey_status', { survey_id: surveyId, status: 'open' });
    const plan = (await questionsOf(surveyId))[0]!;
    const now = team.server.clock.now();
    await team.server.store.insertResponses([
      {
        id: newId('rsp'), surveyId, status: 'completed', channel: 'link', respondentEmail: null, respondentName: null,
        startedAt: now, submittedAt: now, durationMs: null,
        answers: [{ questionId: plan.id, choiceId: plan.choices[0].id, number: null, text: null }],
      },
    ]);
    // Each sends the list it read plus its own choice: once one is in, the others would remove it.
    const known = plan.choices.map((c: Json) => ({ id: c.id, label: c.label }));
    const answers = await parallel(20, (i) => confirmed('update_question', { question_id: plan.id, choices: [...known, { label: `Tier ${i}` }] }));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const acknowledged = answers.filter((a) => !a.isError).map((a) => a.payload.question.choices.at(-1).label);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const refused of answers.filter((a) => a.isError)) {
      // Refused as locked, or asked again: the choices the person confirmed changing are no longer the choices.
      expect(refused.payload.error).toMatch(/^validation failed: survey '.+' has responses, so removing choice 'Tier \d+' is no longer allowed|^confirmation required: what the person confirmed has changed since/);
    }
    const after = (await questionsOf(surveyId))[0]!;
    expect(after.choices.map((c: Json) => c.label)).toEqual(['Free', 'Pro', ...acknowledged.slice(-1)]);
    expect(acknowledged).toHaveLength(1);
  });

  // Two clients read the question, then each sends the list it read plus its own choice.
  const choiceRace = async (withVersion: boolean) => {
    const surveyId = await newSurvey([{ type: 'single_choice', text: 'Plan', choices: ['Free', 'Pro'] }]);
    const plan = (await questionsOf(surveyId))[0]!;
    const known = plan.choices.map((c: Json) => ({ id: c.id, label: c.label }));
    const version = withVersion ? { version: plan.version } : {};
    const answers = await parallel(2, (i) => call('update_question', { question_id: plan.id, choices: [...known, { label: `Tier ${i}` }], ...version }));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const after = (await questionsOf(surveyId))[0]!;
    return { plan, answers, labels: after.choices.map((c: Json) => c.label) as string[] };
  };

  it('2 parallel update_question each adding a choice to a draft, 10 rounds: one lands, the other is refused, none is lost', async () => {
    for (let round = 0; round < 10; round++) {
      const { plan, answers, labels } = await choiceRace(false);
      const landed = answers.filter((a) => !a.isError).map((a) => a.payload.question.choices.at(-1).label);
      expect(landed).toHaveLength(1);
      expect(labels).toEqual(['Free', 'Pro', landed[0]]);
      const landedId = answers.find((a) => !a.isError)!.payload.question.choices.at(-1).id;
      expect(answers.find((a) => a.isError)!.payload.error).toBe(
        `validation failed: 'choices' leaves out choice '${landed[0]}' ('${landedId}') of question '${plan.id}', and removing a choice needs the question's 'version' from get_survey: without it a choice another edit added since you read the question would be lost. Nothing was changed: read the question again and send the whole list with its 'version'`,
      );
    }
  });

  it('2 parallel update_question with the version they read, 10 rounds: one lands, the other is refused as a conflict', async () => {
    for (let round = 0; round < 10; round++) {
      const { plan, answers, labels } = await choiceRace(true);
      const landed = answers.filter((a) => !a.isError).map((a) => a.payload.question.choices.at(-1).label);
      expect(labels).toEqual(['Free', 'Pro', ...landed]);
      expect(answers.filter((a) => a.isError).map((a) => a.payload.error)).toEqual([
        `validation failed: conflict: question '${plan.id}' was changed by another edit since its version '${plan.version}' was read, so nothing was changed: read it again (get_survey) and send your edit again`,
      ]);
    }
  });

  it('4 parallel set_survey_status (archive, open, archive, open) on a closed survey: one change, a consistent row', async () => {
    for (let run = 0; run < 5; run++) {
      const surveyId = await newSurvey([text(1)]);
      await ok('set_survey_status', { survey_id: surveyId, status: 'open' });
      await ok('set_survey_status', { survey_id: surveyId, status: 'closed' });
      const answers = await parallel(4, (i) => call('set_survey_status', { survey_id: surveyId, status: i % 2 === 0 ? 'archived' : 'open' }));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      const changed = answers.filter((a) => !a.isError && a.payload.changed);
      expect(changed).toHaveLength(1);
      expect(changed[0]!.payload.previous_status).toBe('closed');
      const { survey } = await ok('get_survey', { survey_id: surveyId });
      expect(survey.status).toBe(changed[0]!.payload.survey.status);
      if (survey.status === 'archived') expect(survey).toMatchObject({ previous_status: 'closed', archived_at: expect.any(String) });
      else expect(survey).toMatchObject({ status: 'open', archived_at: null, closed_at: null });
    }
  });
});
