/**
 * The SDK 2.x client completes a 2026-07-28 confirmation by itself: it declared elicitation, its
 * elicitation/create handler answers the input-required result, and it retries the call with
 * the answer and the echoed requestState inside one callTool.
 */
import type { Client, ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHeadless2x, HeadlessOAuthProvider } from '../../helpers/headless-oauth-provider.js';
import { decideOnPage } from '../../helpers/person-confirms.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { demoPassword } from '../../../src/platform/demo/index.js';

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

/** A client of alice's that declared `capabilities`, with `handlers` registered before it connects. */
async function clientDeclaring(capabilities: Record<string, unknown>, handlers?: (client: Client) => void): Promise<Client> {
  const provider = new HeadlessOAuthProvider(server, { email: 'alice@example.com', clientName: 'SDK 2.x confirmations' });
  return connectHeadless2x(server, provider, { pin: '2026-07-28' }, { capabilities, handlers });
}

const payloadOf = (result: Awaited<ReturnType<Client['callTool']>>) => JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as Record<string, string>;

describe('the MCP SDK 2.x client without a form for its person, on 2026-07-28', () => {
  it('without elicitation: gets the link to our page, cannot confirm alone, and deletes once its person confirmed there', async () => {
    const client = await clientDeclaring({});
    const { surveyId, questionId } = await scratchQuestion(client);
    const args = { question_id: questionId };
    const asked = await client.callTool({ name: 'delete_question', arguments: args });
    expect(asked.isError).toBe(true);
    const { confirmation_token: token, confirm_url: page } = payloadOf(asked);
    expect(page).toBe(`${server.authUrl}/confirm?seal=${encodeURIComponent(token!)}`);
    const alone = await client.callTool({ name: 'delete_question', arguments: { ...args, confirmation_token: token } });
    expect(payloadOf(alone).error).toMatch(/^confirmation required: the person has not confirmed yet\./);
    expect(await questionsOf(client, surveyId)).toContain(questionId);
    await decideOnPage(page!, 'alice@example.com', 'approve', undefined, demoPassword);
    const confirmed = await client.callTool({ name: 'delete_question', arguments: { ...args, confirmation_token: token } });
    expect(confirmed.structuredContent).toEqual({ deleted: true, question_id: questionId, survey_id: surveyId });
    await client.close();
  });

  it('with URL-mode elicitation: opens our page, its person confirms there, and the one callTool deletes the question', async () => {
    const opened: string[] = [];
    const client = await clientDeclaring({ elicitation: { url: {} } }, (client) =>
      client.setRequestHandler('elicitation/create', async (request: ElicitRequest): Promise<ElicitResult> => {
        const { params } = request;
        if (params.mode !== 'url') throw new Error(`expected URL mode, got ${params.mode}`);
        opened.push(params.url);
        await decideOnPage(params.url, 'alice@example.com', 'approve', undefined, demoPassword);
        return { action: 'accept' };
      }),
    );
    const { surveyId, questionId } = await scratchQuestion(client);
    const result = await client.callTool({ name: 'delete_question', arguments: { question_id: questionId } });
    expect(result.structuredContent).toEqual({ deleted: true, question_id: questionId, survey_id: surveyId });
    expect(opened).toEqual([expect.stringMatching(new RegExp(`^${server.authUrl}/confirm\\?seal=`))]);
    expect(await questionsOf(client, surveyId)).not.toContain(questionId);
    await client.close();
  });
});
