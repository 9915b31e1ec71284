/**
 * Two instances of one deployment on one PostgreSQL schema, each edited by its own client at the
 * same moment: every edit either lands or is refused, and no acknowledged edit is lost. Before
 * questions carried a version, both clients adding a choice were answered success and one choice
 * was missing, 10 rounds of 10.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliceAdministering } from '../helpers/backends.js';
import { callTool } from '../helpers/mcp.js';
import { dropSchemas, postgresUrl, uniqueSchema } from '../helpers/postgres.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const schema = uniqueSchema('edits');
const shared = { db: postgresUrl(schema), rateStore: ':memory:', mcpRateLimit: { limit: 100_000, windowMs: 60_000 } };
let first: TestServer;
let second: TestServer;
let alice: string;

beforeAll(async () => {
  first = await startTestServer(shared);
  second = await startTestServer(shared);
  alice = await aliceAdministering(first);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await dropSchemas([schema]);
});

async function planQuestion() {
  const created = await callTool(first, alice, 'create_survey', {
    workspace_id: 'wsp_test',
    title: 'Two editors',
    questions: [{ type: 'single_choice', text: 'Plan', choices: ['Free', 'Pro'] }],
  });
  return created.payload.questions[0] as { id: string; survey_id: string; version: string; choices: Array<{ id: string; label: string }> };
}

const labelsOf = async (surveyId: string): Promise<string[]> =>
  (await callTool(second, alice, 'get_survey', { survey_id: surveyId })).payload.questions[0].choices.map((c: { label: string }) => c.label);

describe('concurrent edits of one question through two instances on PostgreSQL', () => {
  for (const withVersion of [false, true]) {
    it(`each adding a choice ${withVersion ? 'with' : 'without'} the version read, 10 rounds: one lands, the other is refused`, async () => {
      for (let round = 0; round < 10; round++) {
        const plan = await planQuestion();
        const known = plan.choices.map(({ id, label }) => ({ id, label }));
        const version = withVersion ? { version: plan.version } : {};
        const answers = await Promise.all(
          [first, second].map((instance, i) => callTool(instance, alice, 'update_question', { question_id: plan.id, choices: [...known, { label: `Tier ${i}` }], ...version })),
        );
        const landed = answers.filter((a) => !a.isError).map((a) => a.payload.question.choices.at(-1).label);
        expect(landed).toHaveLength(1);
        expect(await labelsOf(plan.survey_id)).toEqual(['Free', 'Pro', landed[0]]);
        expect(answers.find((a) => a.isError)!.payload.error).toMatch(withVersion ? /^validation failed: conflict: question '.+' was changed by another edit/ : /^validation failed: 'choices' leaves out choice 'Tier \d'/);
      }
    });
  }

  it('rewording with the version read, at both instances at once: one lands, the other is refused as a conflict', async () => {
    const plan = await planQuestion();
    const answers = await Promise.all(
      [first, second].map((instance, i) => callTool(instance, alice, 'update_question', { question_id: plan.id, text: `Plan ${i}?`, version: plan.version })),
    );
    const landed = answers.filter((a) => !a.isError);
    expect(landed).toHaveLength(1);
    const detail = await callTool(first, alice, 'get_survey', { survey_id: plan.survey_id });
    expect(detail.payload.questions[0].text).toBe(landed[0]!.payload.question.text);
  });
});
