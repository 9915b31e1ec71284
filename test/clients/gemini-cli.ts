import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestServer } from '../helpers/server.js';
import { installedClient } from './installed-client.js';
import { ScriptedBrowser } from './scripted-browser.js';
import { TmuxTerminal } from './tmux-terminal.js';

const gemini = () => installedClient('@google/gemini-cli', 'gemini');

/** What `/mcp list` shows for one server: its status line and the tools listed under it. */
export interface GeminiServerListing {
  readonly status: string;
  readonly tools: string[];
}

/**
 * Gemini CLI in a terminal, as a person runs it: a fresh home whose settings add our MCP host
 * (`httpUrl`) and skip what needs the internet or a person (the API-key sign-in with a dummy key,
 * since no model is ever asked; folder trust, update checks, usage statistics). `/mcp auth`
 * opens the scripted browser; `/mcp list` shows the tools.
 */
export class GeminiCli {
  private constructor(
    readonly terminal: TmuxTerminal,
    private readonly browser: ScriptedBrowser,
    private readonly home: string,
  ) {}

  static async start(server: TestServer, email: string): Promise<GeminiCli> {
    const { bin } = gemini();
    const home = await mkdtemp(join(tmpdir(), 'survey-mcp-gemini-'));
    const workspace = join(home, 'workspace');
    await mkdir(join(home, '.gemini'), { recursive: true });
    await mkdir(workspace);
    await writeFile(join(home, '.gemini', 'settings.json'), JSON.stringify(settings(server), null, 2));
    const browser = await ScriptedBrowser.start(server, { email, clientName: 'Gemini CLI' });
    const terminal = await TmuxTerminal.start([bin], {
      cwd: workspace,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        TERM: 'xterm-256color',
        GEMINI_API_KEY: 'no-model-is-called',
        // Tokens in a plain file in the fresh home: there is no keychain here.
        GEMINI_FORCE_FILE_STORAGE: 'true',
        ...browser.environment(),
      },
    });
    const cli = new GeminiCli(terminal, browser, home);
    await terminal.waitFor(/Type your message/).catch(async (error: unknown) => {
      await cli.close();
      throw error;
    });
    return cli;
  }

  /** `/mcp auth survey`, confirmed; the scripted browser signs in and approves. */
  async signIn(): Promise<void> {
    await this.command('/mcp auth survey');
    await this.terminal.waitFor(/Do you want to continue\?/);
    await this.terminal.press('Enter');
    await this.terminal.waitFor(/Successfully authenticated and reloaded tools|Error during discovery|Failed to authenticate/).catch((error: unknown) => {
      throw new Error(`Gemini CLI did not finish signing in (browser: ${String(this.browser.failure ?? 'no failure')}, opened ${this.browser.opened.length}): ${String(error)}`);
    });
  }

  /** What `/mcp list`, typed now, shows for our server. */
  list(): Promise<GeminiServerListing> {
    return this.listingAfter('/mcp list');
  }

  /** `/mcp reload`: reconnects to every server, discovers its tools again, then lists them. */
  reload(): Promise<GeminiServerListing> {
    return this.listingAfter('/mcp reload');
  }

  private async listingAfter(command: string): Promise<GeminiServerListing> {
    const listed = this.terminal.countOf(LISTED);
    await this.command(command);
    return parseListing(await listed.shownAgain());
  }

  /** Types a command once the input line is back: keys typed while it is hidden are lost. */
  private async command(text: string): Promise<void> {
    await this.terminal.waitFor(/> +Type your message/, 30_000, 'visible');
    await this.terminal.type(text);
  }

  async close(): Promise<void> {
    await this.terminal.close();
    await this.browser.close();
    await rm(this.home, { recursive: true, force: true });
  }
}

function settings(server: TestServer) {
  return {
    security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
    ui: { hideBanner: true, hideTips: true },
    mcpServers: { survey: { httpUrl: `${server.baseUrl}/` } },
  };
}

const LISTED = 'Configured MCP servers:';

/** The status line of `survey` and the names under `Tools:` in the last listing on screen. */
function parseListing(shown: string): GeminiServerListing {
  const last = shown.slice(shown.lastIndexOf(LISTED));
  const status = last.match(/survey - ([^\n]+)/)?.[1]?.trim() ?? `no line for survey in:\n${last}`;
  const toolsSection = last.match(/Tools:\n((?:\s+- \S+\n)*)/)?.[1] ?? '';
  return { status, tools: [...toolsSection.matchAll(/- (\S+)/g)].map((match) => match[1]!) };
}
