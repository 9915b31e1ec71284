import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import { ClaudeCode } from './claude-code.js';
import { pinnedClients } from './installed-client.js';
import { startRecordedServer } from './recorded-server.js';
import { toolNames } from './tool-names.js';
import type { WireRecorder } from './wire-recorder.js';

describe(`Claude Code ${pinnedClients['@anthropic-ai/claude-code']} (claude mcp login in tmux, a pre-registered client), OAuth with a scripted browser`, () => {
  let server: TestServer;
  let mcpHost: WireRecorder;
  let cli: ClaudeCode;
  beforeAll(async () => {
    // The MCP host behind a recording hop: the test reads on the wire what Claude Code was given.
    ({ server, mcpHost } = await startRecordedServer());
    cli = await ClaudeCode.start(server, 'alice@example.com');
  }, 60_000);
  afterAll(async () => {
    await cli?.close();
    await server?.close();
    await mcpHost?.close();
  });

  it('signs in, shows the server connected, speaking 2026-07-28 through server/discover, and was given the 14 tools', async () => {
    expect(await cli.login()).toMatch(/Authenticated with "survey"/);
    mcpHost.exchanges.length = 0;
    expect(await cli.list()).toMatch(/survey: .* - ✔ Connected/);
    const methods = mcpHost.exchanges.map((exchange) => exchange.rpcMethod);
    expect(methods).toContain('server/discover');
    expect(methods).not.toContain('initialize');
    expect(mcpHost.toolsListed()).toEqual({ statuses: [200], names: toolNames });
  }, 150_000);
});
