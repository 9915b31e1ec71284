import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { TestServer } from '../helpers/server.js';
import { installedClient } from './installed-client.js';
import { ScriptedBrowser } from './scripted-browser.js';

const codex = () => installedClient('@openai/codex', 'codex');

/** What one run of the `codex` command printed. */
export interface CodexRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Codex CLI as a person sets it up, in a fresh CODEX_HOME whose config.toml names our MCP host
 * and keeps OAuth credentials in a file there (no keychain here). `codex mcp login` needs no
 * terminal: it opens the browser (the scripted one) and waits for the code on its own loopback
 * callback. Its app server (`codex app-server`, JSON-RPC on stdio) is how its interfaces list and
 * call MCP tools, with no model involved.
 */
export class CodexCli {
  private constructor(
    /** Its CODEX_HOME, also the working directory of its threads. */
    readonly home: string,
    private readonly browser: ScriptedBrowser,
  ) {}

  static async start(server: TestServer, email: string): Promise<CodexCli> {
    const home = await mkdtemp(join(tmpdir(), 'survey-mcp-codex-'));
    await writeFile(
      join(home, 'config.toml'),
      ['mcp_oauth_credentials_store = "file"', '', '[mcp_servers.survey]', `url = "${server.baseUrl}/"`, ''].join('\n'),
    );
    return new CodexCli(home, await ScriptedBrowser.start(server, { email, clientName: 'Codex' }));
  }

  /** Runs `codex ARGS` to its end (at most 60 s). */
  run(args: readonly string[]): Promise<CodexRun> {
    return new Promise((resolve) => {
      execFile(codex().bin, args, { env: this.environment(), timeout: 60_000 }, (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      });
    });
  }

  /**
   * `codex mcp login survey` with the registration it should use: `dcr` here, since its default
   * client metadata document (https://chatgpt.com/oauth/codex/client.json) cannot be fetched
   * without the internet.
   */
  async login(registration: 'dcr'): Promise<CodexRun> {
    const run = await this.run(['mcp', 'login', 'survey', '--oauth-client-registration', registration]);
    if (run.code !== 0 || this.browser.opened.length !== 1) {
      throw new Error(
        `codex mcp login exited ${run.code} after ${this.browser.opened.length} sign-in(s) (browser: ${String(this.browser.failure ?? 'no failure')}):\n${run.stdout}\n${run.stderr}`,
      );
    }
    return run;
  }

  /** `codex app-server` on stdio, initialized. */
  async appServer(): Promise<CodexAppServer> {
    const child = spawn(codex().bin, ['app-server'], { env: this.environment(), stdio: 'pipe' });
    const appServer = new CodexAppServer(child);
    await appServer.request('initialize', { clientInfo: { name: 'survey-mcp-matrix', title: null, version: '1.0.0' }, capabilities: null });
    appServer.notify('initialized');
    return appServer;
  }

  async close(): Promise<void> {
    await this.browser.close();
    await rm(this.home, { recursive: true, force: true });
  }

  private environment(): Record<string, string> {
    return { PATH: process.env.PATH ?? '', HOME: this.home, CODEX_HOME: this.home, ...this.browser.environment() };
  }
}

/** A JSON-RPC peer over the app server's stdin and stdout, one message a line. */
export class CodexAppServer {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(result: any): void; reject(error: Error): void }>();
  private log = '';

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stderr.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as { id?: number; result?: unknown; error?: { message: string }; method?: string };
      const waiting = message.id === undefined || message.method !== undefined ? undefined : this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(`codex app-server: ${JSON.stringify(message.error)}\n${this.log}`));
      else waiting.resolve(message.result);
    });
    child.on('exit', (code) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`codex app-server exited ${code}:\n${this.log}`));
      this.pending.clear();
    });
  }

  /** Sends a request; resolves with its result, rejects with its error or after 30 s. */
  request(method: string, params: unknown): Promise<any> {
    const id = this.nextId++;
    this.child.stdin.write(`${JSON.stringify({ id, method, params })}\n`);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`codex app-server did not answer ${method} within 30 s:\n${this.log}`)), 30_000);
      this.pending.set(id, {
        resolve: (result) => (clearTimeout(timer), resolve(result)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
    });
  }

  notify(method: string): void {
    this.child.stdin.write(`${JSON.stringify({ method })}\n`);
  }

  close(): Promise<void> {
    if (this.child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.stdin.end();
      this.child.kill();
    });
  }
}
