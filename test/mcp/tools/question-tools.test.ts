/**
 * add_question, update_question, delete_question and share_survey over real HTTP, each on
 * surveys the test creates itself (the demo surveys are only read or refused).
 */
import { describe, expect, it } from 'vitest';
import { callTool } from '../../helpers/mcp.js';
import type { Json } from '../../helpers/server.js';
import { addResponses, lunchPollWithResponses, lunchQuestions, newSurvey, numberAnswer, useToolServer, userIds } from './support.js';

const tools = useToolServer();
const { ok, fails } = tools;

const locked = (surveyId: string, what: string) =>
  `validation failed: survey '${surveyId}' has responses, so ${what} is no longer allowed (rewording, new choices, reordering and new optional questions still are)`;

const questionsOf = async (surveyId: string): Promise<Json[]> => (await ok('alice', 'get_survey', { survey_id: surveyId })).questions;
const summary = (questions: Json[]) => questions.map((q) => [q.position, q.text]);

describe('add_question', () => {
  it('adds a question at a position, moving the later ones down, or at the end by default', async () => {
    const { survey } = await newSurvey(tools, { questions: lunchQuestions });
    const { question } = await ok('alice', 'add_question', {
      survey_id: survey.id,
      type: 'multiple_choice',
      text: 'Which days?',
      required: true,
      choices: ['Monday', 'Friday'],
      position: 1,
    });
    expect(question).toMatchObject({ id: expect.stringMatching(/^qst_/), survey_id: survey.id, position: 1, type: 'multiple_choice', required: true });
    expect(question.choices.map((c: Json) => [c.position, c.label])).toEqual([[1, 'Monday'], [2, 'Friday']]);
    const last = await ok('alice', 'add_question', { survey_id: survey.id, type: 'rating', text: 'Value for money?', settings: { min: 0, max: 10 } });
    expect(last.question).toMatchObject({ position: 5, settings: { min: 0, max: 10 }, required: false });
    expect(summary(await questionsOf(survey.id))).toEqual([
      [1, 'Which days?'],
      [2, 'Where shall we eat?'],
      [3, 'How was the last lunch?'],
      [4, 'Anything else?'],
      [5, 'Value for money?'],
    ]);
  });

  it('still adds an optional question once the survey has responses', async () => {
    const { detail } = await lunchPollWithResponses(tools, 2);
    const { question } = await ok('alice', 'add_question', { survey_id: detail.survey.id, type: 'short_text', text: 'Your team?' });
    expect(question).toMatchObject({ position: 4, required: false });
  });

  it('says a survey that does not exist is not found', async () => {
    await fails('alice', 'add_question', { survey_id: 'srv_nope', type: 'nps', text: 'Recommend?' }, "survey 'srv_nope' not found");
  });

  it('says an analyst is not authorized to edit', async () => {
    await fails('bob', 'add_question', { survey_id: 'srv_demo_nps', type: 'short_text', text: 'Why?' }, "not authorized to edit survey 'srv_demo_nps'");
    expect(await questionsOf('srv_demo_nps')).toHaveLength(3);
  });

  it('refuses a required question once there are responses, an archived survey and a position past the end', async () => {
    const { detail } = await lunchPollWithResponses(tools, 1);
    await fails('alice', 'add_question', { survey_id: detail.survey.id, type: 'nps', text: 'Recommend?', required: true }, locked(detail.survey.id, 'adding a required question'));
    await fails(
      'alice',
      'add_question',
      { survey_id: 'srv_demo_2025', type: 'nps', text: 'Recommend?' },
      "validation failed: survey 'srv_demo_2025' is archived: restore it (set_survey_status to 'closed') before editing",
    );
    await fails('alice', 'add_question', { survey_id: detail.survey.id, type: 'nps', text: 'Recommend?', position: 9 }, "validation failed: 'position' must be a whole number from 1 to 4, got 9");
    expect(await questionsOf(detail.survey.id)).toHaveLength(3);
  });

  it('refuses a single choice or an empty text from the argument schema', async () => {
    await fails('alice', 'add_question', { survey_id: 'srv_demo_nps', type: 'single_choice', text: 'Pick', choices: ['only'] }, "validation failed: 'choices' must have at least 2 items");
    await fails('alice', 'add_question', { survey_id: 'srv_demo_nps', type: 'short_text', text: '' }, "validation failed: 'text' must be at least 1 character");
  });
});

describe('update_question', () => {
  it('rewords, relabels, adds and reorders choices, changes settings and moves the question', async () => {
    const { survey, questions } = await newSurvey(tools, { questions: lunchQuestions });
    const [where, rating] = questions as [Json, Json];
    const [pizza, sushi] = where.choices as [Json, Json];
    const { question } = await ok('alice', 'update_question', {
      question_id: where.id,
      text: 'Where to, then?',
      description: 'Pick one.',
      choices: [{ id: sushi.id, label: 'Sushi bar' }, { label: 'Curry' }, { id: pizza.id, label: 'Pizza' }],
      position: 3,
      version: where.version,
    });
    expect(question).toMatchObject({ id: where.id, text: 'Where to, then?', description: 'Pick one.', position: 3, required: true });
    expect(question.choices).toEqual([
      { id: sushi.id, position: 1, label: 'Sushi bar' },
      { id: expect.stringMatching(/^chc_/), position: 2, label: 'Curry' },
      { id: pizza.id, position: 3, label: 'Pizza' },
    ]);
    expect((await ok('alice', 'update_question', { question_id: rating.id, settings: { min: 0, max: 10 } })).question.settings).toEqual({ min: 0, max: 10 });
    expect(summary(await questionsOf(survey.id))).toEqual([
      [1, 'How was the last lunch?'],
      [2, 'Anything else?'],
      [3, 'Where to, then?'],
    ]);
  });

  it('refuses to remove a choice without the version it was read at, and an edit sent with a stale version: nothing changes', async () => {
    const { questions } = await newSurvey(tools, { questions: lunchQuestions });
    const where = questions[0] as Json;
    const [pizza, sushi] = where.choices as [Json, Json];
    await fails(
      'alice',
      'update_question',
      { question_id: where.id, choices: [{ id: pizza.id, label: 'Pizza' }, { id: sushi.id, label: 'Sushi' }] },
      `validation failed: 'choices' leaves out choice 'Tacos' ('${where.choices[2].id}') of question '${where.id}', and removing a choice needs the question's 'version' from get_survey: without it a choice another edit added since you read the question would be lost. Nothing was changed: read the question again and send the whole list with its 'version'`,
    );
    const reworded = await ok('alice', 'update_question', { question_id: where.id, text: 'Lunch where?', version: where.version });
    expect(reworded.question.version).not.toBe(where.version);
    await fails(
      'alice',
      'update_question',
      { question_id: where.id, text: 'Dinner where?', version: where.version },
      `validation failed: conflict: question '${where.id}' was changed by another edit since its version '${where.version}' was read, so nothing was changed: read it again (get_survey) and send your edit again`,
    );
    const [after] = await questionsOf(questions[0].survey_id);
    expect(after).toMatchObject({ text: 'Lunch where?', version: reworded.question.version });
    expect(after!.choices.map((c: Json) => c.label)).toEqual(['Pizza', 'Sushi', 'Tacos']);
    const removed = await ok('alice', 'update_question', { question_id: where.id, choices: [{ id: pizza.id, label: 'Pizza' }, { id: sushi.id, label: 'Sushi' }], version: after!.version });
    expect(removed.question.choices.map((c: Json) => c.label)).toEqual(['Pizza', 'Sushi']);
  });

  it('refuses an edit sent with a stale version of a question with responses as a conflict, without asking the person', async () => {
    const { detail } = await lunchPollWithResponses(tools, 1);
    const where = detail.questions[0];
    await ok('alice', 'update_question', { question_id: where.id, text: 'Lunch spot?' });
    const answer = await callTool(tools.server, tools.token('alice'), 'update_question', { question_id: where.id, text: 'Dinner spot?', version: where.version });
    expect(answer.payload.error).toMatch(/^validation failed: conflict: question '.+' was changed by another edit/);
  });

  it("keeps a question's version when another question moves it", async () => {
    const { survey, questions } = await newSurvey(tools, { questions: lunchQuestions });
    await ok('alice', 'add_question', { survey_id: survey.id, type: 'short_text', text: 'First now?', position: 1 });
    const moved = (await questionsOf(survey.id)).find((q) => q.id === questions[0].id)!;
    expect(moved).toMatchObject({ position: 2, version: questions[0].version });
  });

  it('still rewords, adds choices and reorders once the survey has responses', async () => {
    const { detail } = await lunchPollWithResponses(tools, 2);
    const where = detail.questions[0];
    const kept = where.choices.map((c: Json) => ({ id: c.id, label: c.label })).reverse();
    const { question } = await ok('alice', 'update_question', { question_id: where.id, text: 'Lunch spot?', choices: [...kept, { label: 'Salad' }], position: 2 });
    expect(question.choices.map((c: Json) => c.label)).toEqual(['Tacos', 'Sushi', 'Pizza', 'Salad']);
    expect(question).toMatchObject({ text: 'Lunch spot?', position: 2 });
  });

  it('accepts the settings a question already has once there are responses, in any key order', async () => {
    const { survey, questions } = await newSurvey(tools, { questions: [{ type: 'number', text: 'Hours of focus?', settings: { min: 0, max: 60 } }] });
    await addResponses(tools, survey.id, 1, () => [numberAnswer(questions[0].id, 20)]);
    const same = await ok('alice', 'update_question', { question_id: questions[0].id, settings: { min: 0, max: 60 } });
    expect(same.question.settings).toEqual({ min: 0, max: 60 });
    const reordered = await ok('alice', 'update_question', { question_id: questions[0].id, settings: { max: 60, min: 0 } });
    expect(reordered.question.settings).toEqual({ min: 0, max: 60 });
  });

  it('says a question that does not exist is not found', async () => {
    await fails('alice', 'update_question', { question_id: 'qst_nope', text: 'x' }, "question 'qst_nope' not found");
  });

  it("says an analyst is not authorized to edit the question's survey", async () => {
    await fails('bob', 'update_question', { question_id: 'qst_demo_nps_1', text: 'Would you?' }, "not authorized to edit survey 'srv_demo_nps'");
    await fails('carol', 'update_question', { question_id: 'qst_demo_nps_1', text: 'Would you?' }, "not authorized to edit survey 'srv_demo_nps'");
  });

  it('refuses removing a choice, changing settings or making it required once there are responses', async () => {
    const { detail } = await lunchPollWithResponses(tools, 1);
    const id = detail.survey.id;
    const [where, rating] = detail.questions as [Json, Json];
    const [pizza, sushi] = where.choices as [Json, Json];
    await fails('alice', 'update_question', { question_id: where.id, choices: [pizza, sushi].map((c) => ({ id: c.id, label: c.label })) }, locked(id, "removing choice 'Tacos'"));
    await fails('alice', 'update_question', { question_id: rating.id, settings: { min: 1, max: 7 } }, locked(id, 'changing settings'));
    await fails('alice', 'update_question', { question_id: rating.id, required: true }, locked(id, 'making a question required'));
    expect(await questionsOf(id)).toEqual(detail.questions);
  });

  it('refuses choices that do not belong, an archived survey and a position past the end', async () => {
    const { questions } = await newSurvey(tools, { questions: lunchQuestions });
    const [where, rating] = questions as [Json, Json];
    await fails(
      'alice',
      'update_question',
      { question_id: rating.id, choices: [{ label: 'Good' }, { label: 'Bad' }] },
      "validation failed: 'choices' only apply to single_choice and multiple_choice questions, not rating",
    );
    await fails(
      'alice',
      'update_question',
      { question_id: where.id, choices: [{ id: 'chc_demo_nps_2_1', label: 'Free' }, { label: 'Paid' }] },
      `validation failed: choice 'chc_demo_nps_2_1' is not a choice of question '${where.id}'`,
    );
    await fails('alice', 'update_question', { question_id: where.id, position: 4 }, "validation failed: 'position' must be a whole number from 1 to 3, got 4");
    await fails(
      'alice',
      'update_question',
      { question_id: 'qst_demo_2025_1', text: 'Overall satisfaction' },
      "validation failed: survey 'srv_demo_2025' is archived: restore it (set_survey_status to 'closed') before editing",
    );
  });

  it('refuses a list of one choice or an unknown argument from the argument schema', async () => {
    await fails('alice', 'update_question', { question_id: 'qst_demo_nps_2', choices: [{ label: 'Free' }] }, "validation failed: 'choices' must have at least 2 items");
    await fails('alice', 'update_question', { question_id: 'qst_demo_nps_2', type: 'nps' }, "validation failed: unknown argument 'type'");
  });
});

describe('delete_question', () => {
  it('deletes a question of a survey without responses and closes ranks', async () => {
    const { survey, questions } = await newSurvey(tools, { questions: lunchQuestions });
    const middle = questions[1];
    expect(await ok('alice', 'delete_question', { question_id: middle.id })).toEqual({ deleted: true, question_id: middle.id, survey_id: survey.id });
    expect(summary(await questionsOf(survey.id))).toEqual([
      [1, 'Where shall we eat?'],
      [2, 'Anything else?'],
    ]);
    await fails('alice', 'delete_question', { question_id: middle.id }, `question '${middle.id}' not found`);
  });

  it('lets an editor delete', async () => {
    const { survey, questions } = await newSurvey(tools, { questions: lunchQuestions });
    await ok('alice', 'share_survey', { survey_id: survey.id, user_email: 'dave@example.com', role: 'editor' });
    expect(await ok('dave', 'delete_question', { question_id: questions[0].id })).toMatchObject({ deleted: true });
  });

  it('says a question that does not exist is not found', async () => {
    await fails('alice', 'delete_question', { question_id: 'qst_nope' }, "question 'qst_nope' not found");
  });

  it("says an analyst or a viewer is not authorized to edit the question's survey", async () => {
    await fails('bob', 'delete_question', { question_id: 'qst_demo_nps_3' }, "not authorized to edit survey 'srv_demo_nps'");
    await fails('dave', 'delete_question', { question_id: 'qst_demo_nps_3' }, "not authorized to edit survey 'srv_demo_nps'");
  });

  it('refuses to delete a question once the survey has responses, or of an archived survey', async () => {
    const { detail } = await lunchPollWithResponses(tools, 1);
    await fails('alice', 'delete_question', { question_id: detail.questions[2].id }, locked(detail.survey.id, 'deleting questions'));
    expect(await questionsOf(detail.survey.id)).toHaveLength(3);
    await fails(
      'alice',
      'delete_question',
      { question_id: 'qst_demo_2025_2' },
      "validation failed: survey 'srv_demo_2025' is archived: restore it (set_survey_status to 'closed') before editing",
    );
  });

  it('refuses a missing question_id from the argument schema', async () => {
    await fails('alice', 'delete_question', {}, "validation failed: 'question_id' is required");
  });
});

describe('share_survey', () => {
  it('grants, changes and removes a role, returning the collaborators each time', async () => {
    const { survey } = await newSurvey(tools);
    const shared = await ok('alice', 'share_survey', { survey_id: survey.id, user_email: 'bob@example.com', role: 'viewer' });
    expect(shared).toEqual({
      survey_id: survey.id,
      collaborators: [
        { user_id: userIds.bob, email: 'bob@example.com', name: 'Bob Lindqvist', role: 'viewer', granted_by: userIds.alice, granted_at: expect.any(String) },
      ],
      changed: true,
    });
    expect((await ok('bob', 'get_survey', { survey_id: survey.id })).survey.my_role).toBe('viewer');
    const changed = await ok('alice', 'share_survey', { survey_id: survey.id, user_email: 'Bob@Example.com', role: 'analyst' });
    expect(changed.collaborators).toMatchObject([{ email: 'bob@example.com', role: 'analyst' }]);
    const again = await ok('alice', 'share_survey', { survey_id: survey.id, user_email: 'bob@example.com', role: 'analyst' });
    expect(again).toEqual({ ...changed, changed: false });
    const withCarol = await ok('alice', 'share_survey', { survey_id: survey.id, user_email: 'carol@example.com', role: 'editor' });
    expect(withCarol.collaborators.map((c: Json) => [c.email, c.role]).sort()).toEqual([
      ['bob@example.com', 'analyst'],
      ['carol@example.com', 'editor'],
    ]);
    const removed = await ok('alice', 'share_survey', { survey_id: survey.id, user_email: 'bob@example.com', role: 'none' });
    expect(removed.collaborators.map((c: Json) => c.email)).toEqual(['carol@example.com']);
    expect((await ok('alice', 'get_survey', { survey_id: survey.id })).collaborators).toEqual(removed.collaborators);
  });

  it('says a survey that does not exist is not found', async () => {
    await fails('alice', 'share_survey', { survey_id: 'srv_nope', user_email: 'bob@example.com', role: 'viewer' }, "survey 'srv_nope' not found");
  });

  it('says anyone but the owner, even an editor, is not authorized to share', async () => {
    await fails('bob', 'share_survey', { survey_id: 'srv_demo_nps', user_email: 'carol@example.com', role: 'viewer' }, "not authorized to share survey 'srv_demo_nps'");
    await fails('dave', 'share_survey', { survey_id: 'srv_demo_onboarding', user_email: 'bob@example.com', role: 'editor' }, "not authorized to share survey 'srv_demo_onboarding'");
    await fails('bob', 'share_survey', { survey_id: 'srv_demo_nps', user_email: 'bob@example.com', role: 'none' }, "not authorized to share survey 'srv_demo_nps'");
    expect((await ok('alice', 'get_survey', { survey_id: 'srv_demo_nps' })).collaborators.map((c: Json) => c.email).sort()).toEqual(['bob@example.com', 'dave@example.com']);
  });

  it('refuses a person without an account, the owner and a workspace admin', async () => {
    const { survey } = await newSurvey(tools, {}, 'bob');
    await fails('bob', 'share_survey', { survey_id: survey.id, user_email: 'nobody@example.com', role: 'viewer' }, "validation failed: no user with email 'nobody@example.com'");
    await fails('bob', 'share_survey', { survey_id: survey.id, user_email: 'bob@example.com', role: 'viewer' }, `validation failed: 'bob@example.com' owns survey '${survey.id}' already`);
    await fails(
      'bob',
      'share_survey',
      { survey_id: survey.id, user_email: 'alice@example.com', role: 'editor' },
      "validation failed: 'alice@example.com' administers the survey's workspace and so owns it already",
    );
  });

  it('refuses the role owner from the argument schema', async () => {
    await fails('alice', 'share_survey', { survey_id: 'srv_demo_nps', user_email: 'bob@example.com', role: 'owner' }, `validation failed: 'role' must be one of "viewer", "analyst", "editor", "none"`);
  });
});
