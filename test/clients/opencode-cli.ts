import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestServer } from '../helpers/server.js';
import { installedClient } from './installed-client.js';
import { ScriptedBrowser } from './scripted-browser.js';

/**
 * opencode as a person sets it up: a fresh home whose opencode.json adds our MCP host as a
 * remote server. `opencode mcp auth` and `opencode mcp list` need no terminal; it shows a server's
 * tools only to its model, which there is none of here.
 */
export class OpencodeCli {
  private constructor(
    private readonly home: string,
    private readonly browser: ScriptedBrowser,
  ) {}

  static async start(server: TestServer, email: string): Promise<OpencodeCli> {
    const home = await mkdtemp(join(tmpdir(), 'survey-mcp-opencode-'));
    await mkdir(join(home, '.config', 'opencode'), { recursive: true });
    await mkdir(join(home, 'workspace'));
    await writeFile(
      join(home, '.config', 'opencode', 'opencode.json'),
      JSON.stringify({ mcp: { survey: { type: 'remote', url: `${server.baseUrl}/` } } }, null, 2),
    );
    return new OpencodeCli(home, await ScriptedBrowser.start(server, { email, clientName: 'OpenCode' }));
  }

  /** `opencode mcp auth survey`: registers, opens the browser, waits for the code on its callback. */
  async auth(): Promise<string> {
    const { code, output } = await this.run(['mcp', 'auth', 'survey']);
    if (code !== 0 || !output.includes('Authentication successful') || this.browser.opened.length !== 1) {
      throw new Error(`opencode mcp auth exited ${code} after ${this.browser.opened.length} sign-in(s) (browser: ${String(this.browser.failure ?? 'no failure')}):\n${output}`);
    }
    return output;
  }

  /** `opencode mcp list`: connects to each server and prints its status. */
  async list(): Promise<string> {
    return (await this.run(['mcp', 'list'])).output;
  }

  async close(): Promise<void> {
    await this.browser.close();
    await rm(this.home, { recursive: true, force: true });
  }

  /** Runs `opencode ARGS` to its end; killed after 60 s (it ignores SIGTERM while it waits). */
  private run(args: readonly string[]): Promise<{ code: number | null; output: string }> {
    const { bin } = installedClient('opencode-ai', 'opencode');
    const env = { PATH: process.env.PATH ?? '', HOME: this.home, ...this.browser.environment() };
    return new Promise((resolve) => {
      execFile(bin, args, { env, cwd: join(this.home, 'workspace'), timeout: 60_000, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        // Its spinner redraws with escape sequences: the text without them.
        resolve({ code, output: `${stdout}\n${stderr}`.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '') });
      });
    });
  }
}
