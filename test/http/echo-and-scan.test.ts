/**
 * What the request scan counts and what an error repeats back, over HTTP: a string of bare UTF-8
 * continuation bytes is as long as it decodes (one U+FFFD each), a value an error names is shown
 * by a short prefix, and a body over a limit is answered under its top-level id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, rpc, tokenFor } from '../helpers/mcp.js';
import { createTestUser, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  await createTestUser(server);
  token = await tokenFor(server, 'alice@example.com');
});
afterAll(() => server.close());

const post = (body: Buffer | string) =>
  fetch(`${server.baseUrl}/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body,
  });

describe('the request scan and error messages', () => {
  it('refuses a survey_id of 1,000,000 bare continuation bytes as over the string limit, in a short answer', async () => {
    const [head, tail] = JSON.stringify(rpc('tools/call', { name: 'get_survey', arguments: { survey_id: '@' } })).split('@') as [string, string];
    const response = await post(Buffer.concat([Buffer.from(head), Buffer.alloc(1_000_000, 0x80), Buffer.from(tail)]));
    const text = await response.text();
    expect(text.length).toBeLessThan(1_000);
    expect(JSON.parse(text)).toMatchObject({ error: { code: -32602, data: { limit: 'stringLength', path: 'params.arguments.survey_id' } } });
  });

  it.each([
    ['get_survey', { survey_id: `srv_${'x'.repeat(60_000)}` }],
    ['list_responses', { survey_id: `srv_${'y'.repeat(60_000)}` }],
  ])('%s names a 60,000-character id by a short prefix and its length', async (name, args) => {
    const { isError, payload } = await callTool(server, token, name, args);
    expect(isError).toBe(true);
    expect(payload['error'].length).toBeLessThan(200);
    expect(payload['error']).toContain('(60,004 characters)');
  });

  it('names an unknown tool of 60,000 characters by a short prefix', async () => {
    const { payload } = await callTool(server, token, 'z'.repeat(60_000));
    expect(payload['error'].length).toBeLessThan(400);
  });

  it('answers a body over a limit under its top-level id, not a nested key named id, though the id comes last', async () => {
    const body = { jsonrpc: '2.0', method: 'tools/call', params: { name: 'get_me', arguments: { id: 'nested', list: Array.from({ length: 20_000 }, () => 1) } }, id: 'top' };
    const answer = (await (await post(JSON.stringify(body))).json()) as { id: unknown; error: { code: number } };
    expect(answer).toMatchObject({ id: 'top', error: { code: -32602 } });
  });
});
