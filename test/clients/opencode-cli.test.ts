import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { freeLoopbackPort } from './free-port.js';
import { pinnedClients } from './installed-client.js';
import { OpencodeCli } from './opencode-cli.js';
import { toolNames } from './tool-names.js';
import { WireRecorder } from './wire-recorder.js';

describe(`opencode ${pinnedClients['opencode-ai']} (opencode mcp auth, DCR), OAuth with a scripted browser`, () => {
  let server: TestServer;
  let mcpHost: WireRecorder;
  let cli: OpencodeCli;
  beforeAll(async () => {
    // The MCP host behind a recording hop: opencode shows tools only to a model, so the test reads
    // the tool list opencode was given on the wire.
    const port = await freeLoopbackPort();
    mcpHost = await WireRecorder.start(`http://127.0.0.1:${port}`);
    server = await startTestServer({ seedDemo: true, port, baseUrl: mcpHost.url.replace(/\/$/, '') });
    cli = await OpencodeCli.start(server, 'alice@example.com');
  }, 60_000);
  afterAll(async () => {
    await cli?.close();
    await server?.close();
    await mcpHost?.close();
  });

  it('signs in, shows the server connected, and was given the 13 tools', async () => {
    await cli.auth();
    mcpHost.exchanges.length = 0;
    expect(await cli.list()).toMatch(/✓ survey connected/);
    const listed = mcpHost.exchanges.filter((exchange) => exchange.rpcMethod === 'tools/list');
    expect(listed.map((exchange) => exchange.status)).toEqual([200]);
    const { result } = JSON.parse(listed[0]!.body) as { result: { tools: Array<{ name: string }> } };
    expect(result.tools.map((tool) => tool.name).sort()).toEqual(toolNames);
  }, 150_000);
});
