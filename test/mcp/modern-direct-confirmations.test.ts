/**
 * Confirmations on both 2026-07-28 paths (src/mcp/confirmations/input-required.ts): every shape of
 * a first call and of its retry is answered by the direct path exactly as by the SDK 2.x server,
 * the platform replaying to the second what it gave the first (as test/mcp/modern-direct.test.ts).
 * Seals are made with a random IV and id, so each is compared as `<sealed>`.
 */
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpDispatcher } from '../../src/mcp/server.js';
import { bothWays, pair } from '../helpers/both-paths.js';
import { replaying } from '../helpers/replaying-platform.js';
import { fixture, id, type Fixture } from '../platform/fixture.js';

const revision = '2026-07-28';
const capabilitiesKey = 'io.modelcontextprotocol/clientCapabilities';
const eliciting = { 'io.modelcontextprotocol/protocolVersion': revision, [capabilitiesKey]: { elicitation: {} } };
const owner: AuthInfo = { token: 't', clientId: 'c', scopes: ['mcp_customer'], extra: { userId: id('owner') } };

let f: Fixture;
let platform: ReturnType<typeof replaying>;
let dispatchers: [McpDispatcher, McpDispatcher];

beforeAll(async () => {
  f = await fixture();
  platform = replaying(f.platform);
  dispatchers = await pair(platform.proxy, { logError: () => undefined });
});
afterAll(async () => {
  await Promise.all(dispatchers.map((dispatcher) => dispatcher.close()));
});

let nextId = 1;
const deletion = (questionId: string, extra: Record<string, unknown> = {}, meta: Record<string, unknown> = eliciting): JSONRPCRequest =>
  ({ jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name: 'delete_question', arguments: { question_id: questionId }, ...extra, _meta: meta } }) as JSONRPCRequest;

/** A question of a new draft survey, which may be deleted, and the requestState of a first call deleting it. */
async function asked(): Promise<{ question: string; requestState: string }> {
  const draft = await f.platform.createSurvey(id('owner'), {
    workspace_id: 'wsp_a',
    title: 'Draft',
    questions: [{ type: 'short_text', text: 'Gone?' }, { type: 'short_text', text: 'Kept?' }],
  });
  const question = draft.questions[0]!.id;
  const first = await dispatchers[0].handleModern(deletion(question), owner);
  return { question, requestState: (first.message as Record<string, any>).result.requestState };
}

const yes = { confirm: { action: 'accept', content: { confirm: true } } };

describe('a confirmation on the 2026-07-28 direct path and through the SDK 2.x server', () => {
  it('answers the first call alike: the input-required result to a client that declared elicitation, the token error to one that did not', async () => {
    const { question } = await asked();
    const withElicitation = await bothWays(platform, dispatchers, deletion(question), owner);
    expect(withElicitation.direct).toBe(withElicitation.server);
    expect(withElicitation.answer.result.resultType).toBe('input_required');
    for (const capabilities of [{}, { sampling: {} }, { elicitation: { url: {} } }]) {
      const without = await bothWays(platform, dispatchers, deletion(question, {}, { ...eliciting, [capabilitiesKey]: capabilities }), owner);
      expect(without.direct, JSON.stringify(capabilities)).toBe(without.server);
      expect(without.answer.result.isError, JSON.stringify(capabilities)).toBe(true);
    }
  });

  it('answers every retry alike: accepted, declined, cancelled, answered no, unanswered, wrapped, with extra keys', async () => {
    const retries: Array<[string, Record<string, unknown>]> = [
      ['declined', { confirm: { action: 'decline' } }],
      ['cancelled', { confirm: { action: 'cancel' } }],
      ['no', { confirm: { action: 'accept', content: { confirm: false } } }],
      ['unanswered', { other: { action: 'accept' } }],
      ['wrapped', { confirm: { method: 'elicitation/create', result: yes.confirm } }],
      ['not an object', { confirm: 5 }],
      ['an unknown action', { confirm: { action: 'maybe' } }],
      ['accepted with extra keys', { ...yes, unknown_extra_key: { action: 'accept', content: { foo: 'bar' } } }],
    ];
    for (const [name, inputResponses] of retries) {
      const { question, requestState } = await asked();
      const { direct, server } = await bothWays(platform, dispatchers, deletion(question, { inputResponses, requestState }), owner);
      expect(direct, name).toBe(server);
    }
  });

  it('refuses alike a state that was used, altered or is another call\'s, and leaves odd shapes of a retry to the server', async () => {
    const { question, requestState } = await asked();
    const accepted = deletion(question, { inputResponses: yes, requestState });
    const done = await bothWays(platform, dispatchers, accepted, owner);
    expect(done.direct).toBe(done.server);
    expect(done.answer.result.structuredContent).toMatchObject({ deleted: true });
    const refusals = [
      deletion(question, { inputResponses: yes, requestState }),
      deletion(question, { inputResponses: yes, requestState: `${requestState}-TAMPERED` }),
      deletion(f.q.why, { inputResponses: yes, requestState }),
      deletion(question, { inputResponses: yes, requestState: 5 }),
      deletion(question, { inputResponses: [yes], requestState }),
      deletion(question, { inputResponses: null }),
    ];
    const other = await asked();
    const otherClient = await bothWays(platform, dispatchers, deletion(other.question, { inputResponses: yes, requestState: other.requestState }), { ...owner, clientId: 'another' });
    expect(otherClient.direct).toBe(otherClient.server);
    expect(otherClient.answer.error).toEqual({ code: -32602, message: 'Invalid params: requestState was issued to another client' });
    for (const request of refusals) {
      const { direct, server, answer } = await bothWays(platform, dispatchers, request, owner);
      expect(direct, JSON.stringify(request.params)).toBe(server);
      expect(answer.error?.code ?? answer.result?.isError, JSON.stringify(request.params)).toBeDefined();
    }
  });
});
