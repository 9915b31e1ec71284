import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestServer, type TestServer } from '../helpers/server.js';
import { postMcp, rpc, tokenFor } from '../helpers/mcp.js';

/**
 * Two shapes Claude Code 2.1.x builds have sent (issue 35), answered as the revisions say; where
 * the answer is a refusal, its message tells a person reading the client's log what to change.
 */
const revision = '2026-07-28';
const envelope = { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientCapabilities': {} };

let server: TestServer;
let alice: string;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: true });
  alice = await tokenFor(server, 'alice@example.com');
});
afterAll(() => server.close());

describe('a client that sends MCP-Protocol-Version: 2025-11-25 with a 2026-07-28 body', () => {
  it('is refused with a header mismatch (-32020, HTTP 400) that names both versions and the header to send', async () => {
    const request = rpc('tools/list', { _meta: envelope });
    const response = await postMcp(server, request, { token: alice, headers: { 'mcp-protocol-version': '2025-11-25', 'mcp-method': 'tools/list' } });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({
      jsonrpc: '2.0',
      id: request.id,
      error: {
        code: -32020,
        data: { mismatch: { header: '2025-11-25', body: expect.stringContaining('2026-07-28') } },
        message:
          "Header mismatch: the MCP-Protocol-Version header says 2025-11-25 but the body's _meta names 2026-07-28; send MCP-Protocol-Version: 2026-07-28 with a 2026-07-28 body, or a 2025-11-25 body (no protocol version in _meta) after initialize",
      },
    });
  });
});

describe('a client that sends initialize after a successful server/discover', () => {
  it('gets its initialize answered as a 2025-11-25 request, then both eras answer side by side', async () => {
    const discover = await postMcp(server, rpc('server/discover', { _meta: envelope }), {
      token: alice,
      headers: { 'mcp-protocol-version': revision, 'mcp-method': 'server/discover' },
    });
    expect((await readJson(discover)).result.supportedVersions).toEqual([revision]);
    const initialize = rpc('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'claude-code', version: '2.1.340' } });
    const answer = await readJson(await postMcp(server, initialize, { token: alice }));
    expect(answer.result).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: 'survey-mcp' } });
    const legacy = await readJson(await postMcp(server, rpc('tools/list'), { token: alice, headers: { 'mcp-protocol-version': '2025-11-25' } }));
    expect(legacy.result.tools).toHaveLength(14);
    const modern = await readJson(
      await postMcp(server, rpc('tools/list', { _meta: envelope }), { token: alice, headers: { 'mcp-protocol-version': revision, 'mcp-method': 'tools/list' } }),
    );
    expect(modern.result).toMatchObject({ resultType: 'complete' });
  });

  it('gets an initialize that claims 2026-07-28 in its headers refused with -32601, saying initialize is gone and server/discover replaces it', async () => {
    const initialize = rpc('initialize', { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'claude-code', version: '2.1.340' }, _meta: envelope });
    const response = await postMcp(server, initialize, { token: alice, headers: { 'mcp-protocol-version': revision, 'mcp-method': 'initialize' } });
    const answer = await readJson(response);
    expect({ status: response.status, code: answer.error?.code }).toEqual({ status: 404, code: -32601 });
    expect(answer.error.message).toBe(
      'Method not found: initialize is not part of 2026-07-28, which server/discover replaces; send requests with the 2026-07-28 _meta envelope, or send initialize without the 2026-07-28 header and envelope to speak 2025-11-25',
    );
  });
});
