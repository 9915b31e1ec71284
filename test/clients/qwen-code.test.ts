import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { GeminiCli, qwenCode } from './gemini-cli.js';
import { pinnedClients } from './installed-client.js';
import { toolNames } from './tool-names.js';

/**
 * Qwen Code reads the authorization-server metadata at the authorization endpoint's origin (our
 * auth host) before it registers; it stopped there while only the MCP host served it.
 */
describe(`Qwen Code ${pinnedClients['@qwen-code/qwen-code']} in a terminal (tmux), registering by DCR, signing in through a scripted browser`, () => {
  let server: TestServer;
  let cli: GeminiCli;
  beforeAll(async () => {
    server = await startTestServer({ seedDemo: true });
    cli = await GeminiCli.start(server, 'alice@example.com', qwenCode);
  }, 60_000);
  afterAll(async () => {
    await cli?.close();
    await server?.close();
  });

  it('signs in from its /mcp dialog with no settings edits, and lists the 14 tools there', async () => {
    await cli.signInThroughDialog();
    expect(await cli.toolsInDialog()).toEqual({ status: '✓ connected', tools: toolNames.map((name) => `mcp__survey__${name}`) });
  }, 120_000);
});
