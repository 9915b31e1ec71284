/**
 * Arguments an outside test used to break the service, over real HTTP on SQLite and PostgreSQL:
 * each is now a tool error naming the problem, the same on both backends, and the server keeps
 * answering everyone else meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTeamServer, type Team } from '../helpers/backends.js';
import { callConfirmed, callTool, postMcp, rpc } from '../helpers/mcp.js';
import type { Json } from '../helpers/server.js';

describe.each(backends)('hostile arguments on %s', (backend) => {
  let team: Team;
  let surveyId: string;
  let questionId: string;
  beforeAll(async () => {
    team = await startTeamServer(backend);
    const created = await ok('create_survey', { workspace_id: 'wsp_test', title: 'Target', questions: [{ type: 'short_text', text: 'Why?' }] });
    surveyId = created.survey.id;
    questionId = created.questions[0].id;
  });
  afterAll(() => team.close());

  async function ok(name: string, args: Json): Promise<Json> {
    const answer = await callConfirmed(team.server, team.alice, name, args);
    expect(answer.isError, JSON.stringify(answer.payload)).toBe(false);
    return answer.payload;
  }

  /** Sends the arguments as raw JSON text, so escapes such as a lone `\ud800` arrive as written. */
  async function fails(name: string, rawArguments: string): Promise<string> {
    const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${name}","arguments":${rawArguments}}}`;
    const response = await postMcp(team.server, body, { token: team.alice });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as Json;
    expect(result.isError).toBe(true);
    return JSON.parse(result.content[0].text).error;
  }

  describe('bounded work per request', () => {
    /** Sends the arguments as raw JSON text and returns the JSON-RPC error the request-shape check answers. */
    async function refused(name: string, rawArguments: string): Promise<Json> {
      const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${name}","arguments":${rawArguments}}}`;
      const response = await postMcp(team.server, body, { token: team.alice });
      expect(response.status).toBe(200);
      return ((await response.json()) as Json).error;
    }

    it('answers ~1 MB of one repeated question id with invalid params naming the item limit while another person is served', async () => {
      const repeats = Math.floor(1_000_000 / (questionId.length + 3));
      const args = JSON.stringify({ survey_id: surveyId, question_ids: Array(repeats).fill(questionId) });
      expect(args.length).toBeGreaterThan(950_000);
      const [flood, other] = await Promise.all([refused('list_responses', args), callTool(team.server, team.bob, 'get_me')]);
      expect(flood).toMatchObject({
        code: -32602,
        message: 'Invalid params: params.arguments.question_ids has more than 1000 items (request limit arrayItems = 1000)',
      });
      expect(other).toMatchObject({ status: 200, isError: false });
    });

    it('says a number past what JSON numbers can hold is not finite, instead of "must be a number, got number"', async () => {
      expect(await fails('list_surveys', '{"limit":1e400}')).toBe("validation failed: 'limit' must be a finite number, got one too large to represent (such as 1e400)");
    });

    it("refuses 201 question ids in the tool's own words", async () => {
      const args = JSON.stringify({ survey_id: surveyId, question_ids: Array(201).fill(questionId) });
      expect(await fails('list_responses', args)).toBe("validation failed: 'question_ids' must have at most 200 items");
    });

    it.each(['list_responses', 'get_survey_results'])('%s refuses a repeated question id, naming it', async (tool) => {
      const args = JSON.stringify({ survey_id: surveyId, question_ids: [questionId, questionId] });
      expect(await fails(tool, args)).toBe(`validation failed: 'question_ids' has a repeated id '${questionId}'`);
    });

    it('refuses settings nested 20,000 arrays deep with invalid params naming the depth limit', async () => {
      const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
      const args = `{"survey_id":"${surveyId}","type":"rating","text":"Deep","settings":{"max":${deep}}}`;
      expect(await refused('add_question', args)).toMatchObject({ code: -32602, data: { limit: 'depth', max: 32 } });
    });

    it('refuses settings nested a few arrays deep as a tool validation error', async () => {
      const args = `{"survey_id":"${surveyId}","type":"rating","text":"Deep","settings":{"max":[[[]]]}}`;
      expect(await fails('add_question', args)).toBe(
        "validation failed: 'settings': values must be numbers, text, true/false or null, not lists or objects",
      );
    });
  });

  describe('text is one form on both backends', () => {
    it.each([
      ['"x\\ud800y"', "validation failed: 'title' must not contain a lone surrogate (half of a character, not valid Unicode), found U+D800 at position 1"],
      ['"\\u200b\\u200b"', "validation failed: 'title' must contain a visible character, got only invisible ones (U+200B …)"],
      ['"Q2 \\u0085 NPS"', "validation failed: 'title' must not contain control characters, found U+0085 at position 3"],
      ['"invoice\\u202egpj.exe"', "validation failed: 'title' must not contain bidirectional override characters, found U+202E at position 7"],
    ])('refuses the title %s with its reason', async (title, message) => {
      expect(await fails('create_survey', `{"workspace_id":"wsp_test","title":${title}}`)).toBe(message);
    });

    it('stores a decomposed accent composed (NFC) and reads it back the same', async () => {
      const { survey } = await ok('update_survey', { survey_id: surveyId, title: 'Cafe\u0301 survey' });
      expect(survey.title).toBe('Caf\u00e9 survey');
      expect((await ok('get_survey', { survey_id: surveyId })).survey.title).toBe('Caf\u00e9 survey');
    });
  });

  describe('publishing rules hold while a survey is open or paused', () => {
    async function liveSurvey(status: 'open' | 'paused'): Promise<Json> {
      const created = await ok('create_survey', { workspace_id: 'wsp_test', title: 'Live', questions: [{ type: 'short_text', text: 'Only' }] });
      await ok('set_survey_status', { survey_id: created.survey.id, status: 'open' });
      if (status === 'paused') await ok('set_survey_status', { survey_id: created.survey.id, status: 'paused' });
      return created;
    }

    it('refuses a choice question without two choices on a paused survey, so resuming cannot expose it', async () => {
      const { survey } = await liveSurvey('paused');
      const args = JSON.stringify({ survey_id: survey.id, type: 'single_choice', text: 'Pick' });
      expect(await fails('add_question', args)).toBe(
        `validation failed: choice question 'Pick' needs at least 2 choices: survey '${survey.id}' is paused, and respondents must be able to answer every question`,
      );
      expect((await ok('set_survey_status', { survey_id: survey.id, status: 'open' })).changed).toBe(true);
    });

    it('refuses to delete the only question of an open survey', async () => {
      const { survey, questions } = await liveSurvey('open');
      expect(await fails('delete_question', JSON.stringify({ question_id: questions[0].id }))).toBe(
        `validation failed: 'Only' is the only question of open survey '${survey.id}', which must keep at least one: add another first, or close the survey`,
      );
    });

    it('refuses to reopen a closed survey left without questions', async () => {
      const { survey, questions } = await liveSurvey('open');
      await ok('set_survey_status', { survey_id: survey.id, status: 'closed' });
      await ok('delete_question', { question_id: questions[0].id });
      expect(await fails('set_survey_status', JSON.stringify({ survey_id: survey.id, status: 'open' }))).toBe(
        'validation failed: a survey needs at least one question to be reopened',
      );
    });
  });
});
