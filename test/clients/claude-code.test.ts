import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { ClaudeCode } from './claude-code.js';
import { freeLoopbackPort } from './free-port.js';
import { pinnedClients } from './installed-client.js';
import { toolNames } from './tool-names.js';
import { WireRecorder } from './wire-recorder.js';

describe(`Claude Code ${pinnedClients['@anthropic-ai/claude-code']} (claude mcp login in tmux, a pre-registered client), OAuth with a scripted browser`, () => {
  let server: TestServer;
  let mcpHost: WireRecorder;
  let cli: ClaudeCode;
  beforeAll(async () => {
    // The MCP host behind a recording hop: the test reads on the wire what Claude Code was given.
    const port = await freeLoopbackPort();
    mcpHost = await WireRecorder.start(`http://127.0.0.1:${port}`);
    server = await startTestServer({ seedDemo: true, port, baseUrl: mcpHost.url.replace(/\/$/, '') });
    cli = await ClaudeCode.start(server, 'alice@example.com');
  }, 60_000);
  afterAll(async () => {
    await cli?.close();
    await server?.close();
    await mcpHost?.close();
  });

  it('signs in, shows the server connected, speaking 2026-07-28 through server/discover, and was given the 13 tools', async () => {
    expect(await cli.login()).toMatch(/Authenticated with "survey"/);
    mcpHost.exchanges.length = 0;
    expect(await cli.list()).toMatch(/survey: .* - ✔ Connected/);
    const methods = mcpHost.exchanges.map((exchange) => exchange.rpcMethod);
    expect(methods).toContain('server/discover');
    expect(methods).not.toContain('initialize');
    const listed = mcpHost.exchanges.filter((exchange) => exchange.rpcMethod === 'tools/list');
    expect(listed.map((exchange) => exchange.status)).toEqual([200]);
    const { result } = JSON.parse(listed[0]!.body) as { result: { tools: Array<{ name: string }> } };
    expect(result.tools.map((tool) => tool.name).sort()).toEqual(toolNames);
  }, 150_000);
});
