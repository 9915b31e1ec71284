import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askingClient, questionIdsOf, scratchSurvey } from '../helpers/asking-client.js';
import { tokenFor } from '../helpers/mcp.js';
import { personConfirms } from '../helpers/person-confirms.js';
import { createTestUser, startTestServer, type TestServer } from '../helpers/server.js';

const deadlineMs = 800;
let server: TestServer;
let alice: string;
let bob: string;

beforeAll(async () => {
  // One in-flight turn a person: a call that held its turn while asking would starve the answer's POST.
  server = await startTestServer({ mcpRateLimit: { limit: 100_000, windowMs: 60_000 }, mcpInFlightLimit: 1 }, { elicitationDeadlineMs: deadlineMs });
  const owner = await createTestUser(server, 'alice@example.com', 'Alice');
  await createTestUser(server, 'bob@example.com', 'Bob');
  await server.store.insertWorkspace({ id: 'wsp_test', name: 'Test', createdAt: server.clock.now() });
  await server.store.setWorkspaceMember('wsp_test', owner.id, 'admin');
  alice = await tokenFor(server, 'alice@example.com');
  bob = await tokenFor(server, 'bob@example.com');
});
afterAll(() => server.close());

type CallResult = Awaited<ReturnType<Client['callTool']>>;
const payload = (result: CallResult) => JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as Record<string, any>;

/** A client whose person answers every question with `answer`, and the questions it was asked. */
async function personAnswering(token: string, answer: (request: ElicitRequest['params']) => Promise<ElicitResult>) {
  const asked: Array<ElicitRequest['params']> = [];
  const client = await askingClient(server.baseUrl, token, { elicit: (request) => (asked.push(request), answer(request)) });
  return { client, asked };
}

describe('a 2025-11-25 client that declared elicitation', () => {
  it('is asked in the POST’s event stream, and Confirm deletes the question', async () => {
    const { surveyId, questionIds } = await scratchSurvey(server, alice, 'wsp_test');
    const { client, asked } = await personAnswering(alice, async () => ({ action: 'accept', content: { confirm: true } }));
    const result = await client.callTool({ name: 'delete_question', arguments: { question_id: questionIds[0] } });
    expect(result.isError).toBeFalsy();
    expect(asked).toEqual([
      {
        mode: 'form',
        message: expect.stringMatching(/^Deleting question 1 "First\?" from survey "Scratch" cannot be undone/),
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Confirm' } }, required: ['confirm'] },
      },
    ]);
    expect(await questionIdsOf(server, alice, surveyId)).toEqual([questionIds[1]]);
    await client.close();
  });

  it('changes nothing when the person declines, cancels or leaves the box unticked', async () => {
    const { surveyId, questionIds } = await scratchSurvey(server, alice, 'wsp_test');
    const answers: ElicitResult[] = [{ action: 'decline' }, { action: 'cancel' }, { action: 'accept', content: { confirm: false } }];
    for (const answer of answers) {
      const { client } = await personAnswering(alice, async () => answer);
      const result = await client.callTool({ name: 'delete_question', arguments: { question_id: questionIds[0] } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ changed: false, confirmed: false });
      await client.close();
    }
    expect(await questionIdsOf(server, alice, surveyId)).toEqual(questionIds);
  });

  it('explains a person who never answers, after the deadline, and changes nothing', async () => {
    const { surveyId, questionIds } = await scratchSurvey(server, alice, 'wsp_test');
    const { client } = await personAnswering(alice, () => new Promise(() => {}));
    const started = Date.now();
    const result = await client.callTool({ name: 'delete_question', arguments: { question_id: questionIds[0] } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(deadlineMs - 50);
    expect(result.isError).toBe(true);
    expect(payload(result).error).toMatch(/^not confirmed: the person did not answer within 1 seconds?, so nothing changed/);
    expect(await questionIdsOf(server, alice, surveyId)).toEqual(questionIds);
    await client.close();
  });

  it('refuses the confirmed call of a person who lost access while being asked', async () => {
    const { surveyId, questionIds } = await scratchSurvey(server, alice, 'wsp_test');
    const bobId = (await server.store.findUserByEmail('bob@example.com'))!.id;
    const aliceId = (await server.store.findUserByEmail('alice@example.com'))!.id;
    await server.store.setCollaborator({ surveyId, userId: bobId, role: 'editor', grantedBy: aliceId, grantedAt: server.clock.now() });
    const { client } = await personAnswering(bob, async () => {
      await server.store.removeCollaborator(surveyId, bobId);
      return { action: 'accept', content: { confirm: true } };
    });
    const result = await client.callTool({ name: 'delete_question', arguments: { question_id: questionIds[0] } });
    expect(result.isError).toBe(true);
    expect(payload(result).error).toMatch(/not authorized|not found/);
    expect(await questionIdsOf(server, alice, surveyId)).toEqual(questionIds);
    await client.close();
  });

  it('is asked while holding no in-flight turn: the answer POSTs get one although two calls wait on the person', async () => {
    const { surveyId, questionIds } = await scratchSurvey(server, alice, 'wsp_test');
    const { client } = await personAnswering(alice, async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { action: 'accept', content: { confirm: true } };
    });
    const results = await Promise.all(
      [0, 1].map((at) => client.callTool({ name: 'delete_question', arguments: { question_id: questionIds[at] } })),
    );
    expect(results.map((result) => result.isError ?? false)).toEqual([false, false]);
    expect(await questionIdsOf(server, alice, surveyId)).toEqual([]);
    await client.close();
  });
});

describe('a 2025-11-25 client without elicitation', () => {
  let client: Client;
  beforeAll(async () => {
    client = await askingClient(server.baseUrl, alice);
  });
  afterAll(() => client.close());

  it('gets the confirmation-token tool error with our page, and nothing changes until the person confirmed there and the token comes back', async () => {
    const { surveyId, questionIds } = await scratchSurvey(server, alice, 'wsp_test');
    const first = await client.callTool({ name: 'delete_question', arguments: { question_id: questionIds[0] } });
    expect(first.isError).toBe(true);
    const asked = payload(first);
    expect(asked.error).toMatch(/^confirmation required: Deleting question 1 .* The person confirms it themselves, signed in, at http:.+; once they have, call delete_question again with the same arguments and "confirmation_token": ".+" within 5 minutes\.$/);
    expect(await questionIdsOf(server, alice, surveyId)).toEqual(questionIds);

    const other = await client.callTool({ name: 'delete_question', arguments: { question_id: questionIds[1], confirmation_token: asked.confirmation_token } });
    expect(other.isError).toBe(true);
    expect(payload(other).error).toMatch(/^validation failed: confirmation_token/);
    expect(await questionIdsOf(server, alice, surveyId)).toEqual(questionIds);

    const unconfirmed = await client.callTool({ name: 'delete_question', arguments: { question_id: questionIds[0], confirmation_token: asked.confirmation_token } });
    expect(payload(unconfirmed).error).toMatch(/^confirmation required: the person has not confirmed yet\./);
    expect(await questionIdsOf(server, alice, surveyId)).toEqual(questionIds);
    await personConfirms(server, asked.confirmation_token);
    const confirmed = await client.callTool({ name: 'delete_question', arguments: { question_id: questionIds[0], confirmation_token: asked.confirmation_token } });
    expect(confirmed.isError).toBeFalsy();
    expect(await questionIdsOf(server, alice, surveyId)).toEqual([questionIds[1]]);

    const again = await client.callTool({ name: 'delete_question', arguments: { question_id: questionIds[0], confirmation_token: asked.confirmation_token } });
    expect(again.isError).toBe(true);
  });

  it('refuses a token past its 5 minutes', async () => {
    const { surveyId, questionIds } = await scratchSurvey(server, alice, 'wsp_test');
    const first = await client.callTool({ name: 'delete_question', arguments: { question_id: questionIds[0] } });
    server.clock.advance(5 * 60 * 1000 + 1000);
    const late = await client.callTool({ name: 'delete_question', arguments: { question_id: questionIds[0], confirmation_token: payload(first).confirmation_token } });
    expect(late.isError).toBe(true);
    expect(payload(late).error).toMatch(/^validation failed: confirmation_token .*expired/);
    expect(await questionIdsOf(server, alice, surveyId)).toEqual(questionIds);
  });
});
