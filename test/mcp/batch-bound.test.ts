/**
 * A batch's answer stays within its documented bound (2 × 1 MiB) over real HTTP, on both stores
 * (SQLite answers a repeated get_survey from memory, PostgreSQL builds it again): a read that
 * would cross it is answered with an error naming the bound and the calls after it as usual; a
 * change runs only while its answer fits, so no change is answered as failed once stored.
 * Before, 10 × get_survey of a survey just under 900 KiB answered 3,879,216 bytes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxQuestionsChars } from '../../src/platform/survey-size.js';
import { backends, startTeamServer, type Team } from '../helpers/backends.js';
import { callTool, postMcp } from '../helpers/mcp.js';
import type { Json } from '../helpers/server.js';

const bound = 2 * 1024 * 1024;
const pastBound = (tool: string) =>
  `validation failed: the answer of ${tool} would take the answers of this batch past the 2,097,152 characters they may hold: send it again in a request of its own`;

describe.each(backends)('the answer of a batch on %s', (backend) => {
  let team: Team;
  let surveyId = '';
  beforeAll(async () => {
    team = await startTeamServer(backend);
    const question = (i: number) => ({ type: 'single_choice', text: `Question ${i}`, choices: Array.from({ length: 50 }, (_, c) => `${i}-${c}`.padEnd(80, '.')) });
    const probe = await callTool(team.server, team.alice, 'create_survey', { workspace_id: 'wsp_test', title: 'Probe', questions: [question(0)] });
    const perQuestion = JSON.stringify(probe.payload.questions[0]).length + 1;
    const count = Math.floor((maxQuestionsChars - 2_000) / perQuestion);
    const created = await callTool(team.server, team.alice, 'create_survey', { workspace_id: 'wsp_test', title: 'Large', questions: Array.from({ length: count }, (_, i) => question(i)) });
    surveyId = created.payload.survey.id;
  });
  afterAll(() => team.close());

  async function batch(calls: Array<[string, Record<string, unknown>]>) {
    const body = calls.map(([name, args], id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }));
    const response = await postMcp(team.server, body, { token: team.alice, headers: { 'mcp-protocol-version': '2025-03-26' } });
    expect(response.status).toBe(200);
    const text = await response.text();
    const answers = (JSON.parse(text) as Json[]).map((answer) => ({
      id: answer.id,
      error: answer.error?.message ?? (answer.result.isError ? JSON.parse(answer.result.content[0].text).error : undefined),
    }));
    return { bytes: Buffer.byteLength(text), answers };
  }

  it('10 × get_survey of a survey just under 900 KiB: one answered, nine refused naming the bound, at most 2 MiB', async () => {
    const { bytes, answers } = await batch(Array.from({ length: 10 }, () => ['get_survey', { survey_id: surveyId }]));
    expect(bytes).toBeLessThanOrEqual(bound);
    expect(bytes).toBeGreaterThan(bound / 2);
    expect(answers.map((answer) => answer.error)).toEqual([undefined, ...Array(9).fill(pastBound('get_survey'))]);
  });

  it('answers the small calls after a refused one as usual', async () => {
    const { answers } = await batch([['get_survey', { survey_id: surveyId }], ['get_survey', { survey_id: surveyId }], ['get_me', {}], ['list_surveys', {}]]);
    expect(answers.map((answer) => answer.error)).toEqual([undefined, pastBound('get_survey'), undefined, undefined]);
  });

  it('runs no change whose answer might not fit, stores nothing for it, and runs create_survey only as the first call', async () => {
    const before = (await callTool(team.server, team.alice, 'get_survey', { survey_id: surveyId })).payload.questions.length;
    const { answers } = await batch([
      ['get_survey', { survey_id: surveyId }],
      ['update_survey', { survey_id: surveyId, title: 'Renamed' }],
      ['create_survey', { workspace_id: 'wsp_test', title: 'Second' }],
    ]);
    expect(answers[0]!.error).toBeUndefined();
    expect(answers[1]!.error).toMatch(/^not run: update_survey's answer might not fit in the [\d,]+ characters left of this batch's answer \(2,097,152\); send it again in a request of its own$/);
    expect(answers[2]!.error).toMatch(/^not run: create_survey's answer might not fit/);
    const after = (await callTool(team.server, team.alice, 'get_survey', { survey_id: surveyId })).payload;
    expect(after.survey.title).toBe('Large');
    expect(after.questions).toHaveLength(before);
    const first = await batch([['create_survey', { workspace_id: 'wsp_test', title: 'First' }], ['get_me', {}]]);
    expect(first.answers.map((answer) => answer.error)).toEqual([undefined, undefined]);
  });
});
