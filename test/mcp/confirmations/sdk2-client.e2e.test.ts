/**
 * The SDK 2.x client completes a 2026-07-28 confirmation by itself: it declared elicitation, its
 * elicitation/create handler answers the input-required result, and it retries the call with
 * the answer and the echoed requestState inside one callTool.
 */
import type { Client, ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHeadless2x, HeadlessOAuthProvider } from '../../helpers/headless-oauth-provider.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seedDemo: true });
});
afterAll(() => server.close());

/** A client whose person answers every confirmation with `answer`; the messages they were shown. */
async function clientAnswering(answer: ElicitResult): Promise<{ client: Client; shown: string[] }> {
  const shown: string[] = [];
  const provider = new HeadlessOAuthProvider(server, { email: 'alice@example.com', clientName: 'SDK 2.x confirmations' });
  const client = await connectHeadless2x(server, provider, { pin: '2026-07-28' }, {
    capabilities: { elicitation: { form: {} } },
    handlers: (client) =>
      client.setRequestHandler('elicitation/create', (request: ElicitRequest) => {
        shown.push(request.params.message);
        return answer;
      }),
  });
  return { client, shown };
}

async function scratchQuestion(client: Client): Promise<{ surveyId: string; questionId: string }> {
  const created = await client.callTool({
    name: 'create_survey',
    arguments: { workspace_id: 'wsp_demo_acme', title: 'SDK scratch', questions: [{ type: 'short_text', text: 'Gone?' }, { type: 'short_text', text: 'Kept?' }] },
  });
  const { survey, questions } = created.structuredContent as { survey: { id: string }; questions: Array<{ id: string }> };
  return { surveyId: survey.id, questionId: questions[0]!.id };
}

const questionsOf = async (client: Client, surveyId: string) =>
  ((await client.callTool({ name: 'get_survey', arguments: { survey_id: surveyId } })).structuredContent as { questions: Array<{ id: string }> }).questions.map((q) => q.id);

describe('the MCP SDK 2.x client with an elicitation handler, on 2026-07-28', () => {
  it('deletes the question once its person accepts, after showing them what will happen', async () => {
    const { client, shown } = await clientAnswering({ action: 'accept', content: { confirm: true } });
    const { surveyId, questionId } = await scratchQuestion(client);
    const result = await client.callTool({ name: 'delete_question', arguments: { question_id: questionId } });
    expect(result.structuredContent).toEqual({ deleted: true, question_id: questionId, survey_id: surveyId });
    expect(shown).toEqual(['Deleting question 1 "Gone?" from survey "SDK scratch" cannot be undone.']);
    expect(await questionsOf(client, surveyId)).not.toContain(questionId);
    await client.close();
  });

  it('changes nothing when its person declines, and takes the declined answer as a valid result', async () => {
    const { client, shown } = await clientAnswering({ action: 'decline' });
    const { surveyId, questionId } = await scratchQuestion(client);
    const result = await client.callTool({ name: 'delete_question', arguments: { question_id: questionId } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ changed: false, confirmed: false, message: 'Nothing changed: the person did not confirm delete_question.' });
    expect(shown).toHaveLength(1);
    expect(await questionsOf(client, surveyId)).toContain(questionId);
    await client.close();
  });
});
