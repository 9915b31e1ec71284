/**
 * A write answered as failed is not stored: a survey whose questions would make get_survey's
 * answer too large is refused before anything is written, on create_survey, add_question and
 * update_question, in both eras and on both stores; and get_survey answers every survey the
 * server let exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTeamServer, type Team } from '../helpers/backends.js';
import { postMcp } from '../helpers/mcp.js';
import { maxQuestionsChars } from '../../src/platform/survey-size.js';
import { readJson, type Json } from '../helpers/server.js';

const revision = '2026-07-28';
const envelope = { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientCapabilities': {} };
type Era = 'legacy' | 'modern';

/** 50 distinct labels of `length` characters. */
const labels = (length: number, tag: string) => Array.from({ length: 50 }, (_, i) => `${tag}${i}`.padEnd(length, '.'));
const choiceQuestion = (i: number, labelLength: number) => ({ type: 'single_choice', text: `Question ${i}`, choices: labels(labelLength, `c${i}-`) });

describe.each(backends)('the size of a survey on %s', (backend) => {
  let team: Team;
  beforeAll(async () => {
    team = await startTeamServer(backend);
  });
  afterAll(() => team.close());

  async function call(era: Era, name: string, args: Record<string, unknown>) {
    const params = { name, arguments: args, ...(era === 'modern' && { _meta: envelope }) };
    const headers: Record<string, string> = era === 'modern' ? { 'mcp-protocol-version': revision, 'mcp-method': 'tools/call', 'mcp-name': name } : {};
    const response = await postMcp(team.server, { jsonrpc: '2.0', id: 1, method: 'tools/call', params }, { token: team.alice, headers });
    expect(response.status).toBe(200);
    const { result } = (await readJson(response)) as Json;
    return { isError: result.isError === true, payload: JSON.parse(result.content[0].text) as Json, text: result.content[0].text as string };
  }
  const surveyCount = async (era: Era) => (await call(era, 'list_surveys', { limit: 100 })).payload.surveys.length as number;

  describe.each(['legacy', 'modern'] as const)('%s era', (era) => {
    it('refuses create_survey with 200 questions of 50 choices of 80 characters (an answer over 1 MB) and stores nothing', async () => {
      const before = await surveyCount(era);
      const questions = Array.from({ length: 200 }, (_, i) => choiceQuestion(i, 80));
      const { isError, payload } = await call(era, 'create_survey', { workspace_id: 'wsp_test', title: 'Too large', questions });
      expect(isError).toBe(true);
      expect(payload.error).toMatch(/^validation failed: the questions of survey 'srv_\w+' would take [\d,]+ KiB of JSON, over the 900 KiB a survey may hold/);
      expect(await surveyCount(era)).toBe(before);
    });

    it('refuses the add_question and update_question that would take a survey over, stores neither, and get_survey still answers it', async () => {
      // Sized from one question as stored: a survey 1,000 to 6,500 characters under the top.
      const probe = await call(era, 'create_survey', { workspace_id: 'wsp_test', title: 'Probe', questions: [choiceQuestion(0, 60)] });
      const perQuestion = JSON.stringify(probe.payload.questions[0]).length + 1;
      const count = Math.floor((maxQuestionsChars - 1_000) / perQuestion);
      const questions = Array.from({ length: count }, (_, i) => choiceQuestion(i, 60));
      const created = await call(era, 'create_survey', { workspace_id: 'wsp_test', title: 'Near the top', questions });
      expect(created.isError, created.text.slice(0, 200)).toBe(false);
      const surveyId = created.payload.survey.id as string;

      const added = await call(era, 'add_question', { survey_id: surveyId, ...choiceQuestion(999, 200) });
      expect(added.isError).toBe(true);
      expect(added.payload.error).toMatch(/over the 900 KiB a survey may hold/);
      const firstQuestion = created.payload.questions[0];
      const grown = labels(200, 'g').map((label) => ({ label }));
      const updated = await call(era, 'update_question', { question_id: firstQuestion.id, text: 'T'.repeat(500), choices: grown, version: firstQuestion.version });
      expect(updated.payload.error).toMatch(/over the 900 KiB a survey may hold/);

      const read = await call(era, 'get_survey', { survey_id: surveyId });
      expect(read.isError).toBe(false);
      expect(read.payload.questions).toHaveLength(count);
      expect(read.payload.questions[0].choices[0].label).toBe(firstQuestion.choices[0].label);
      expect(read.text.length).toBeLessThanOrEqual(1024 * 1024);
    });
  });
});
