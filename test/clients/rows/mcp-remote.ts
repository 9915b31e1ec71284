import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { outcomeOf, type ClientRow } from '../client-row.js';
import { freeLoopbackPort } from '../free-port.js';
import { ScriptedBrowser } from '../scripted-browser.js';

const proxy = createRequire(import.meta.url).resolve('mcp-remote/dist/proxy.js');

/**
 * `npx mcp-remote URL`, the stdio bridge Claude Desktop and other stdio-only clients use: it runs
 * discovery, registration and PKCE itself and opens a browser for the sign-in (scripted here).
 * An SDK stdio client speaks to it as Claude Desktop would.
 */
export const mcpRemote: ClientRow = {
  name: 'mcp-remote 0.15 (stdio bridge), OAuth with a scripted browser',
  streamGetStatus: 404,
  async connect(server, email) {
    const home = await mkdtemp(join(tmpdir(), 'survey-mcp-mcp-remote-'));
    const browser = await ScriptedBrowser.start(server, { email, clientName: 'MCP CLI Proxy' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [proxy, `${server.baseUrl}/`, String(await freeLoopbackPort())],
      // No desktop and a fresh home: no cached tokens, and the browser is the scripted one.
      env: { PATH: process.env.PATH ?? '', HOME: home, MCP_REMOTE_CONFIG_DIR: home, ...browser.environment() },
      stderr: 'pipe',
    });
    let log = '';
    transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const client = new Client({ name: 'Matrix: mcp-remote', version: '1.0.0' });
    const close = async () => {
      await client.close();
      await browser.close();
      await rm(home, { recursive: true, force: true });
    };
    try {
      await client.connect(transport);
      if (browser.opened.length !== 1) throw new Error(`expected one sign-in in the browser, saw ${browser.opened.length}`);
    } catch (error) {
      await close();
      throw new Error(`mcp-remote did not connect (${String(error)}; sign-in: ${String(browser.failure ?? 'no failure')}):\n${log}`);
    }
    return {
      toolNames: async () => (await client.listTools()).tools.map((tool) => tool.name),
      callTool: async (name, args) => outcomeOf(await client.callTool({ name, arguments: args })),
      close,
    };
  },
};
