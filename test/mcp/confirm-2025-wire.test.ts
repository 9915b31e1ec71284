import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionIdsOf, scratchSurvey } from '../helpers/asking-client.js';
import { latestProtocol, postMcp, rpc, tokenFor } from '../helpers/mcp.js';
import { createTestUser, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let alice: string;

beforeAll(async () => {
  server = await startTestServer({ mcpRateLimit: { limit: 100_000, windowMs: 60_000 } });
  const owner = await createTestUser(server, 'alice@example.com', 'Alice');
  await server.store.insertWorkspace({ id: 'wsp_test', name: 'Test', createdAt: server.clock.now() });
  await server.store.setWorkspaceMember('wsp_test', owner.id, 'admin');
  alice = await tokenFor(server, 'alice@example.com');
});
afterAll(() => server.close());

const headers = { 'mcp-protocol-version': latestProtocol };

async function initialize(capabilities: Record<string, unknown>) {
  const response = await postMcp(server, rpc('initialize', { protocolVersion: latestProtocol, capabilities, clientInfo: { name: 'wire', version: '1' } }), { token: alice });
  expect(response.status).toBe(200);
}

/** The events of a stream as they arrive, one JSON-RPC message each. */
async function* events(body: ReadableStream<Uint8Array>): AsyncGenerator<Record<string, any>> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of body) {
    buffered += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = event.split('\n').find((line) => line.startsWith('data: '));
      if (data) yield JSON.parse(data.slice('data: '.length)) as Record<string, any>;
    }
  }
}

describe('the 2025-11-25 wire of a call that asks', () => {
  it('answers the tools/call POST as an event stream: the elicitation request, then the result once answered', async () => {
    const { surveyId, questionIds } = await scratchSurvey(server, alice, 'wsp_test');
    await initialize({ elicitation: {} });
    const call = rpc('tools/call', { name: 'delete_question', arguments: { question_id: questionIds[0] } });
    const response = await postMcp(server, call, { token: alice, headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const stream = events(response.body!);
    const asked = (await stream.next()).value!;
    expect(asked).toMatchObject({ jsonrpc: '2.0', id: expect.stringMatching(/^confirm-/), method: 'elicitation/create', params: { mode: 'form' } });

    // Someone else's token with the id in hand settles nothing; the person's answer does.
    await createTestUser(server, 'mallory@example.com', 'Mallory');
    const mallory = await tokenFor(server, 'mallory@example.com');
    const forged = await postMcp(server, { jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content: { confirm: true } } }, { token: mallory, headers });
    expect(forged.status).toBe(202);
    expect(await questionIdsOf(server, alice, surveyId)).toEqual(questionIds);
    const answered = await postMcp(server, { jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content: { confirm: true } } }, { token: alice, headers });
    expect(answered.status).toBe(202);

    const result = (await stream.next()).value!;
    expect(result).toMatchObject({ jsonrpc: '2.0', id: call.id, result: { structuredContent: expect.any(Object) } });
    expect(result.result.isError).toBeUndefined();
    expect((await stream.next()).done).toBe(true);
    expect(await questionIdsOf(server, alice, surveyId)).toEqual([questionIds[1]]);
  });

  it('falls back to the confirmation token when the client answers the request with an error', async () => {
    const { surveyId, questionIds } = await scratchSurvey(server, alice, 'wsp_test');
    await initialize({ elicitation: {} });
    const response = await postMcp(server, rpc('tools/call', { name: 'delete_question', arguments: { question_id: questionIds[0] } }), { token: alice, headers });
    const stream = events(response.body!);
    const asked = (await stream.next()).value!;
    await postMcp(server, { jsonrpc: '2.0', id: asked.id, error: { code: -32601, message: 'Method not found' } }, { token: alice, headers });
    const result = (await stream.next()).value!;
    expect(result.result.isError).toBe(true);
    expect(JSON.parse(result.result.content[0].text)).toMatchObject({ error: expect.stringMatching(/^confirmation required: /), confirmation_token: expect.any(String) });
    expect(await questionIdsOf(server, alice, surveyId)).toEqual(questionIds);
  });

  it('keeps the notification stream closed (GET / is 404) and answers JSON where the client takes no event stream', async () => {
    const { questionIds } = await scratchSurvey(server, alice, 'wsp_test');
    await initialize({ elicitation: {} });
    const get = await fetch(`${server.baseUrl}/`, { headers: { authorization: `Bearer ${alice}`, accept: 'text/event-stream' } });
    expect(get.status).toBe(404);
    const call = rpc('tools/call', { name: 'delete_question', arguments: { question_id: questionIds[0] } });
    const response = await postMcp(server, call, { token: alice, headers: { ...headers, accept: 'application/json' } });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { result: { isError: boolean; content: Array<{ text: string }> } };
    expect(body.result.isError).toBe(true);
    expect(JSON.parse(body.result.content[0]!.text).error).toMatch(/^confirmation required: /);
  });

  it('asks no client whose last initialize declared no elicitation', async () => {
    const { questionIds } = await scratchSurvey(server, alice, 'wsp_test');
    await initialize({ elicitation: { url: {} } });
    const response = await postMcp(server, rpc('tools/call', { name: 'delete_question', arguments: { question_id: questionIds[0] } }), { token: alice, headers });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
