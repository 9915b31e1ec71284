import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestServer } from '../helpers/server.js';
import { installedClient } from './installed-client.js';
import { ScriptedBrowser } from './scripted-browser.js';
import { TmuxTerminal } from './tmux-terminal.js';

/**
 * One of the assistants built on Gemini CLI's terminal interface: where it keeps its settings,
 * how it is told to skip the model sign-in (no model is ever asked), and the name it registers.
 */
export interface TerminalAssistant {
  readonly package: string;
  readonly bin: string;
  /** Its settings directory in the home: `.gemini`, `.qwen`. */
  readonly settingsDir: string;
  readonly modelAuth: { readonly settings: Record<string, unknown>; readonly env: Record<string, string> };
  /** The name it registers with, as the consent page shows it. */
  readonly clientName: string;
  /**
   * Run on the machine's own Node (`/usr/bin/node`) where there is one, rather than the Node the
   * tests run on: Gemini CLI 0.61.0 under Node 22.23.3 leaves `/mcp list` unread after its OAuth
   * restart in this terminal (4 of 4 runs), and under the machine's 20.20.2 takes it (5 of 5).
   */
  readonly onMachineNode?: boolean;
}

const machineNode = '/usr/bin/node';

export const geminiCli: TerminalAssistant = {
  package: '@google/gemini-cli',
  bin: 'gemini',
  settingsDir: '.gemini',
  modelAuth: { settings: { selectedType: 'gemini-api-key' }, env: { GEMINI_API_KEY: 'no-model-is-called' } },
  clientName: 'Gemini CLI',
  onMachineNode: true,
};

/** Qwen Code, a fork of Gemini CLI: an OpenAI-compatible model it never reaches (nothing listens on port 9). */
export const qwenCode: TerminalAssistant = {
  package: '@qwen-code/qwen-code',
  bin: 'qwen',
  settingsDir: '.qwen',
  modelAuth: {
    settings: { selectedType: 'openai' },
    env: { OPENAI_API_KEY: 'no-model-is-called', OPENAI_MODEL: 'none', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' },
  },
  clientName: 'Qwen',
};

/** What `/mcp list` shows for one server: its status line and the tools listed under it. */
export interface GeminiServerListing {
  readonly status: string;
  readonly tools: string[];
}

/**
 * Gemini CLI (or Qwen Code, its fork) in a terminal, as a person runs it: a fresh home whose
 * settings add our MCP host (`httpUrl`) and skip what needs the internet or a person (the model
 * sign-in with a dummy key, since no model is ever asked; folder trust, update checks, usage
 * statistics). `/mcp auth` opens the scripted browser; `/mcp list` shows the tools.
 */
export class GeminiCli {
  private constructor(
    readonly terminal: TmuxTerminal,
    private readonly browser: ScriptedBrowser,
    private readonly home: string,
  ) {}

  static async start(server: TestServer, email: string, assistant: TerminalAssistant = geminiCli): Promise<GeminiCli> {
    const { bin } = installedClient(assistant.package, assistant.bin);
    const home = await mkdtemp(join(tmpdir(), `survey-mcp-${assistant.bin}-`));
    const workspace = join(home, 'workspace');
    await mkdir(join(home, assistant.settingsDir), { recursive: true });
    await mkdir(workspace);
    await writeFile(join(home, assistant.settingsDir, 'settings.json'), JSON.stringify(settings(server, assistant), null, 2));
    const browser = await ScriptedBrowser.start(server, { email, clientName: assistant.clientName });
    const terminal = await TmuxTerminal.start([bin], {
      cwd: workspace,
      env: {
        PATH: assistant.onMachineNode && existsSync(machineNode) ? `${dirname(machineNode)}:${process.env.PATH ?? ''}` : (process.env.PATH ?? ''),
        HOME: home,
        TERM: 'xterm-256color',
        ...assistant.modelAuth.env,
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

  /**
   * How often the screen shows Gemini's complaint that its token file did not parse. Gemini
   * rewrites that file in place (truncate, then write) and, with a short lifetime, renews from two
   * paths at once; a read that lands between another renewal's truncate and write finds the file
   * empty, and that connection goes out with no token: "Disconnected", though nothing was refused.
   */
  async tokenFileMisreads(): Promise<number> {
    return (await this.terminal.screen()).split(TOKEN_FILE_MISREAD).length - 1;
  }

  private async listingAfter(command: string): Promise<GeminiServerListing> {
    const listed = this.terminal.countOf(LISTED);
    await this.command(command);
    return parseListing(await listed.shownAgain());
  }

  /**
   * Qwen Code 0.24 moved MCP sign-in into the `/mcp` dialog: select `survey`, then Authenticate;
   * the scripted browser signs in and approves, and the dialog then shows the server connected.
   */
  async signInThroughDialog(): Promise<void> {
    await this.command('/mcp');
    await this.terminal.waitFor(/Manage MCP servers/);
    await this.terminal.pressUntil('Enter', /Authenticate/);
    await this.terminal.pressUntil('Down', /› Authenticate/, 6);
    await this.terminal.press('Enter');
    await this.terminal.waitFor(/Status: +✓ connected/, 60_000, 'visible').catch((error: unknown) => {
      throw new Error(`Qwen Code did not connect after signing in (browser: ${String(this.browser.failure ?? 'no failure')}, opened ${this.browser.opened.length}): ${String(error)}`);
    });
  }

  /**
   * In the `/mcp` dialog of a connected server: its status line, and every tool under View tools
   * (a list shown ten at a time, so the cursor walks it to the end).
   */
  async toolsInDialog(): Promise<GeminiServerListing> {
    const [, status = ''] = (await this.terminal.waitFor(/Status: +(.+?) *│/, 10_000, 'visible')) as RegExpMatchArray;
    await this.terminal.pressUntil('Enter', /Tools for survey/);
    const [, count = '0'] = (await this.terminal.waitFor(/\((\d+) tools\)/, 10_000, 'visible')) as RegExpMatchArray;
    const shown = new Set<string>();
    const read = async () => {
      for (const [name] of (await this.terminal.screen('visible')).matchAll(/mcp__survey__\w+/g)) shown.add(name);
    };
    await read();
    for (let position = 2; position <= Number(count); position++) {
      await this.terminal.pressUntil('Down', new RegExp(`${position}/${count}`));
      await read();
    }
    return { status, tools: [...shown].sort() };
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

function settings(server: TestServer, assistant: TerminalAssistant) {
  return {
    security: { auth: assistant.modelAuth.settings, folderTrust: { enabled: false } },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
    ui: { hideBanner: true, hideTips: true },
    mcpServers: { survey: { httpUrl: `${server.baseUrl}/` } },
  };
}

const LISTED = 'Configured MCP servers:';
const TOKEN_FILE_MISREAD = 'Failed to load MCP OAuth tokens';

/** The status line of `survey` and the names under `Tools:` in the last listing on screen. */
function parseListing(shown: string): GeminiServerListing {
  const last = shown.slice(shown.lastIndexOf(LISTED));
  const status = last.match(/survey - ([^\n]+)/)?.[1]?.trim() ?? `no line for survey in:\n${last}`;
  const toolsSection = last.match(/Tools:\n((?:\s+- \S+\n)*)/)?.[1] ?? '';
  return { status, tools: [...toolsSection.matchAll(/- (\S+)/g)].map((match) => match[1]!) };
}
