/**
 * The dispatcher answers a plain `tools/call` itself instead of through the SDK 1.x server
 * (src/mcp/direct-call.ts). Its answers must be the server's byte for byte: here every tool, with
 * good and bad arguments, as different people, is answered both ways, the platform replaying
 * to the second way exactly what it gave the first (writes create random ids).
 */
import type { JSONRPCMessage, JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcAnswerText } from '../../src/mcp/answer-cache.js';
import { createMcpDispatcher, type McpDispatcher } from '../../src/mcp/server.js';
import { surveyTools } from '../../src/mcp/tools/index.js';
import { StoreUnavailableError } from '../../src/store/errors.js';
import { fixture, id, type Fixture } from '../platform/fixture.js';
import { replaying } from '../helpers/replaying-platform.js';
import { toolCases, withoutSeals, type Person } from '../helpers/tool-cases.js';

let f: Fixture;
let dispatcher: McpDispatcher;
let platform: ReturnType<typeof replaying>;
/** A question of a draft survey without responses, which may be deleted. */
let draftQuestion: string;

beforeAll(async () => {
  f = await fixture();
  const draft = await f.platform.createSurvey(id('owner'), { workspace_id: 'wsp_a', title: 'Draft', questions: [{ type: 'short_text', text: 'Gone?' }] });
  draftQuestion = draft.questions[0]!.id;
  platform = replaying(f.platform);
  dispatcher = await createMcpDispatcher(platform.proxy, { logError: () => undefined });
});
afterAll(() => dispatcher.close());

const extraOf = (person: Person) => ({ authInfo: { token: 't', clientId: 'c', scopes: ['mcp_customer'], extra: { userId: id(person) } } });

/** The same call as the server gets it: an empty `_meta` keeps it off the direct path and changes nothing else. */
const throughServer = (request: JSONRPCRequest): JSONRPCRequest => ({ ...request, params: { ...request.params, _meta: {} } });

/** Both ways, the platform replaying the first to the second; the JSON text of each answer. */
async function bothWays(request: JSONRPCRequest, person: Person): Promise<{ direct: string; server: string; answer: JSONRPCMessage }> {
  platform.reset();
  platform.state.recording = true;
  const [direct] = await dispatcher.handle([request], extraOf(person));
  platform.rewind();
  platform.state.recording = false;
  const [server] = await dispatcher.handle([throughServer(request)], extraOf(person));
  platform.state.recording = true;
  return { direct: withoutSeals(rpcAnswerText(direct)), server: withoutSeals(JSON.stringify(server)), answer: direct! };
}

const call = (name: string, args?: unknown, requestId: string | number = 7): JSONRPCRequest =>
  ({ jsonrpc: '2.0', id: requestId, method: 'tools/call', params: args === undefined ? { name } : { name, arguments: args } }) as JSONRPCRequest;

describe('a plain tools/call answered without the SDK server', () => {
  it('is answered byte for byte as the server answers it, for every tool, success or failure', async () => {
    const named = new Set(toolCases(f, draftQuestion).map(([name]) => name));
    for (const tool of surveyTools) expect(named, `no case calls ${tool.name}`).toContain(tool.name);
    for (const [name, args, person] of toolCases(f, draftQuestion)) {
      const { direct, server } = await bothWays(call(name, args), person);
      expect(direct, `${name} ${JSON.stringify(args)} as ${person}`).toBe(server);
    }
  });

  it('keeps the caller\'s id, a string as a number', async () => {
    for (const requestId of ['req-1', 0, 9_007_199_254_740_991]) {
      const { direct, server, answer } = await bothWays(call('get_me', {}, requestId), 'owner');
      expect(direct).toBe(server);
      expect((answer as { id: unknown }).id).toBe(requestId);
    }
  });

  it('answers an internal failure as the server does: the same error text, only the quoted reference differs', async () => {
    const failing = await createMcpDispatcher(
      new Proxy(f.platform, { get: (target, key) => (key === 'getMe' ? () => Promise.reject(new Error('disk on fire')) : Reflect.get(target, key)) }),
      { logError: () => undefined },
    );
    try {
      const [direct] = await failing.handle([call('get_me', {})], extraOf('owner'));
      const [server] = await failing.handle([throughServer(call('get_me', {}))], extraOf('owner'));
      const reference = /reference [0-9a-f-]{36}/g;
      expect(rpcAnswerText(direct).replace(reference, 'reference R')).toBe(JSON.stringify(server).replace(reference, 'reference R'));
      expect(rpcAnswerText(direct)).toContain('internal error while running get_me');
    } finally {
      await failing.close();
    }
  });

  it('answers a throw outside the tools (a broken change stamp) with the server\'s JSON-RPC error', async () => {
    const broken = await createMcpDispatcher(f.platform, {
      changeStamp: () => {
        throw new TypeError('The database connection is not open');
      },
    });
    try {
      const request = call('get_survey', { survey_id: f.surveyId });
      const [direct] = await broken.handle([request], extraOf('owner'));
      const [server] = await broken.handle([throughServer(request)], extraOf('owner'));
      expect(rpcAnswerText(direct)).toBe(JSON.stringify(server));
      expect(direct).toMatchObject({ error: { code: -32603, message: 'The database connection is not open' } });
    } finally {
      await broken.close();
    }
  });

  it('hands a store outage over as the error itself, as the server path does', async () => {
    const gone = await createMcpDispatcher(
      new Proxy(f.platform, { get: () => () => Promise.reject(new StoreUnavailableError('store unavailable')) }),
    );
    try {
      await expect(gone.handle([call('get_me', {})], extraOf('owner'))).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(gone.handle([throughServer(call('get_me', {}))], extraOf('owner'))).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await gone.close();
    }
  });
});
