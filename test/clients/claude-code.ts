import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerClient, type TestServer } from '../helpers/server.js';
import { freeLoopbackPort } from './free-port.js';
import { installedClient } from './installed-client.js';
import { ScriptedBrowser } from './scripted-browser.js';
import { TmuxTerminal } from './tmux-terminal.js';

const claude = () => installedClient('@anthropic-ai/claude-code', 'claude');

/**
 * Claude Code with a pre-registered client (`claude mcp add --client-id … --callback-port …`):
 * its default, the client metadata document at https://claude.ai/oauth/claude-code-client-metadata,
 * cannot be fetched without the internet. `claude mcp login` wants a terminal (tmux here) and
 * opens the scripted browser; `claude mcp list` connects and checks the server's health. It shows
 * tools only in its interface, which needs a model account, so the tests read them on the wire.
 */
export class ClaudeCode {
  private constructor(
    private readonly home: string,
    private readonly browser: ScriptedBrowser,
  ) {}

  static async start(server: TestServer, email: string): Promise<ClaudeCode> {
    const home = await mkdtemp(join(tmpdir(), 'survey-mcp-claude-'));
    await mkdir(join(home, 'workspace'));
    const browser = await ScriptedBrowser.start(server, { email, clientName: 'Claude Code' });
    const cli = new ClaudeCode(home, browser);
    const callbackPort = await freeLoopbackPort();
    const client = await registerClient(server, { client_name: 'Claude Code', redirect_uris: [`http://localhost:${callbackPort}/callback`] });
    const added = await cli.run(['mcp', 'add', '--transport', 'http', '--scope', 'user', '--client-id', client.client_id, '--callback-port', String(callbackPort), 'survey', `${server.baseUrl}/`]);
    if (added.code !== 0) {
      await cli.close();
      throw new Error(`claude mcp add exited ${added.code}:\n${added.output}`);
    }
    return cli;
  }

  /** `claude mcp login survey` in a terminal, to its end: what it printed. */
  async login(): Promise<string> {
    const terminal = await TmuxTerminal.start([claude().bin, 'mcp', 'login', 'survey'], { env: { ...this.environment(), TERM: 'xterm-256color' }, cwd: join(this.home, 'workspace') });
    try {
      let shown = (await terminal.waitFor(/Authenticated with "survey"|Pane is dead \(status (\d+)/, 60_000)).input ?? '';
      if (!/Pane is dead/.test(shown)) {
        // Signed in, but now and then (twice in eight whole runs here) Claude Code leaves its "paste the
        // redirect URL" prompt reading the terminal after the callback came; the stored tokens are
        // proven by `list`, so a prompt still open 15 s later is closed with the terminal.
        shown = await terminal.waitFor(/Pane is dead \(status (\d+)/, 15_000).then(
          (dead) => dead.input ?? '',
          () => `${shown}\n(the paste prompt was still open 15 s after the sign-in)`,
        );
      }
      if (/Pane is dead \(status [1-9]/.test(shown) || !/Authenticated with "survey"/.test(shown) || this.browser.opened.length !== 1) {
        throw new Error(`claude mcp login failed after ${this.browser.opened.length} sign-in(s) (browser: ${String(this.browser.failure ?? 'no failure')}):\n${shown}`);
      }
      return shown;
    } finally {
      await terminal.close();
    }
  }

  /** `claude mcp list`: connects to each server and prints its health. */
  async list(): Promise<string> {
    return (await this.run(['mcp', 'list'])).output;
  }

  async close(): Promise<void> {
    await this.browser.close();
    await rm(this.home, { recursive: true, force: true });
  }

  private environment(): Record<string, string> {
    return {
      PATH: process.env.PATH ?? '',
      HOME: this.home,
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      ...this.browser.environment(),
    };
  }

  private run(args: readonly string[]): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      execFile(claude().bin, args, { env: this.environment(), cwd: join(this.home, 'workspace'), timeout: 60_000, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, output: `${stdout}\n${stderr}` });
      });
    });
  }
}
