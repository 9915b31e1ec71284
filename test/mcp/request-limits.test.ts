/**
 * The request-shape limits over real HTTP, in both eras, on SQLite and PostgreSQL: a request
 * over a limit gets the era's invalid-params answer naming the limit, and never reaches a tool.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, startTeamServer, type Team } from '../helpers/backends.js';
import { postMcp, rpc } from '../helpers/mcp.js';
import { readJson, type Json } from '../helpers/server.js';

const revision = '2026-07-28';
const envelope = { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientCapabilities': {} };

function manyKeys(count: number): Record<string, number> {
  const keys: Record<string, number> = {};
  for (let i = 0; i < count; i++) keys[`k${i}`] = i;
  return keys;
}

/** `{"a":{"a":…}}` nested `depth` objects deep, as raw JSON text (a recursive stringify would overflow). */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

type Era = 'legacy' | 'modern';

describe.each(backends)('request limits on %s', (backend) => {
  let team: Team;
  let inserts: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    team = await startTeamServer(backend);
    inserts = vi.spyOn(team.server.store, 'insertSurvey');
  });
  afterAll(() => team.close());

  const survey = { workspace_id: 'wsp_test', title: 'Limits' };

  /** A create_survey as raw JSON text, with `extra` spliced into its params (a `_meta`) or arguments. */
  function createSurvey(era: Era, { meta = '', args = '' }: { meta?: string; args?: string }): { body: string; headers: Record<string, string> } {
    const argumentText = JSON.stringify(survey).slice(0, -1) + (args ? `,${args}` : '') + '}';
    const envelopeText = era === 'modern' ? JSON.stringify(envelope).slice(1, -1) : '';
    const metaText = [envelopeText, meta].filter(Boolean).join(',');
    const body = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"create_survey","arguments":${argumentText}${metaText ? `,"_meta":{${metaText}}` : ''}}}`;
    const headers: Record<string, string> = era === 'modern' ? { 'mcp-protocol-version': revision, 'mcp-method': 'tools/call', 'mcp-name': 'create_survey' } : {};
    return { body, headers };
  }

  async function send(era: Era, parts: { meta?: string; args?: string }) {
    const { body, headers } = createSurvey(era, parts);
    const response = await postMcp(team.server, body, { token: team.alice, headers });
    return { status: response.status, body: (await readJson(response)) as Json };
  }

  const status: Record<Era, number> = { legacy: 200, modern: 400 };
  const keysText = JSON.stringify(manyKeys(60_000)).slice(1, -1);

  describe.each(['legacy', 'modern'] as const)('%s era', (era) => {
    it('creates the survey of a request within the limits (the tool is reached)', async () => {
      const before = inserts.mock.calls.length;
      const answer = await send(era, {});
      expect(answer.status).toBe(200);
      expect(answer.body.result.isError).toBeFalsy();
      expect(inserts.mock.calls.length).toBe(before + 1);
    });

    it('refuses 60,000 keys in _meta with invalid params naming the limit, and never reaches the tool', async () => {
      const before = inserts.mock.calls.length;
      const answer = await send(era, { meta: keysText });
      expect(answer).toEqual({
        status: status[era],
        body: {
          jsonrpc: '2.0',
          id: 7,
          error: {
            code: -32602,
            message: 'Invalid params: params._meta has more than 256 keys (request limit keysPerObject = 256)',
            data: { limit: 'keysPerObject', max: 256, path: 'params._meta' },
          },
        },
      });
      expect(inserts.mock.calls.length).toBe(before);
    });

    it('refuses 60,000 keys in arguments with invalid params naming the limit, and never reaches the tool', async () => {
      const before = inserts.mock.calls.length;
      const answer = await send(era, { args: keysText });
      expect(answer.status).toBe(status[era]);
      expect(answer.body.error).toMatchObject({ code: -32602, data: { limit: 'keysPerObject', path: 'params.arguments' } });
      expect(inserts.mock.calls.length).toBe(before);
    });

    it('answers arguments nested 5,000 deep with a validation error naming the depth limit', async () => {
      const answer = await send(era, { args: `"x":${nested(5_000)}` });
      expect(answer.status).toBe(status[era]);
      expect(answer.body.error).toMatchObject({
        code: -32602,
        message: expect.stringContaining('is nested deeper than 32 levels (request limit depth = 32)'),
        data: { limit: 'depth', max: 32 },
      });
    });

    it('refuses an array of 1,001 items and a string of 65,537 characters, naming where', async () => {
      const items = await send(era, { args: `"questions":${JSON.stringify(Array(1_001).fill(0))}` });
      expect(items.body.error).toMatchObject({ code: -32602, data: { limit: 'arrayItems', max: 1_000, path: 'params.arguments.questions' } });
      const text = await send(era, { args: `"description":"${'x'.repeat(65_537)}"` });
      expect(text.body.error).toMatchObject({ code: -32602, data: { limit: 'stringLength', max: 65_536, path: 'params.arguments.description' } });
    });
  });

  it('answers each request of a legacy batch over a limit with the refusal', async () => {
    const batch = [rpc('tools/list'), { ...rpc('tools/call', { name: 'get_me', arguments: {} }), params: { name: 'get_me', arguments: {}, _meta: manyKeys(300) } }];
    const response = await postMcp(team.server, batch, { token: team.alice });
    expect(response.status).toBe(200);
    const answers = (await readJson(response)) as unknown as Json[];
    expect(answers.map((answer) => [answer.id, answer.error?.code])).toEqual([
      [batch[0]!.id, -32602],
      [batch[1]!.id, -32602],
    ]);
  });
});
