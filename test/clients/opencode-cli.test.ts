import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import { pinnedClients } from './installed-client.js';
import { startRecordedServer } from './recorded-server.js';
import { OpencodeCli } from './opencode-cli.js';
import { toolNames } from './tool-names.js';
import type { WireRecorder } from './wire-recorder.js';

describe(`opencode ${pinnedClients['opencode-ai']} (opencode mcp auth, DCR), OAuth with a scripted browser`, () => {
  let server: TestServer;
  let mcpHost: WireRecorder;
  let cli: OpencodeCli;
  beforeAll(async () => {
    // The MCP host behind a recording hop: opencode shows tools only to a model, so the test reads
    // the tool list opencode was given on the wire.
    ({ server, mcpHost } = await startRecordedServer());
    cli = await OpencodeCli.start(server, 'alice@example.com');
  }, 60_000);
  afterAll(async () => {
    await cli?.close();
    await server?.close();
    await mcpHost?.close();
  });

  it('signs in, shows the server connected, and was given the 14 tools', async () => {
    await cli.auth();
    mcpHost.exchanges.length = 0;
    expect(await cli.list()).toMatch(/✓ survey connected/);
    expect(mcpHost.toolsListed()).toEqual({ statuses: [200], names: toolNames });
  }, 150_000);
});
