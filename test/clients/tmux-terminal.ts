import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A terminal a person would type into, for assistants that only speak through a full-screen
 * interface: one tmux server on a socket of its own (nothing shared with other tmux users), one
 * window of a fixed size, keys sent as typed and the screen read as shown.
 */
export class TmuxTerminal {
  /** The process group of the program in the window (tmux makes it a session leader). */
  private group = 0;

  private constructor(
    private readonly socket: string,
    private readonly dir: string,
    private readonly env: Record<string, string>,
  ) {}

  /** Starts `command` with exactly `env` in `cwd`, in a 200×50 window. */
  static async start(command: readonly string[], options: { env: Record<string, string>; cwd: string }): Promise<TmuxTerminal> {
    const dir = await mkdtemp(join(tmpdir(), 'survey-mcp-tmux-'));
    // A program that exits leaves its last screen, with tmux's "Pane is dead (status N, …)".
    await writeFile(join(dir, 'tmux.conf'), 'set -g remain-on-exit on\n');
    const terminal = new TmuxTerminal(join(dir, 'socket'), dir, options.env);
    await terminal.tmux('new-session', '-d', '-s', 'assistant', '-x', '200', '-y', '50', '-c', options.cwd, '--', ...command).catch(async (error: NodeJS.ErrnoException) => {
      await rm(dir, { recursive: true, force: true });
      throw error.code === 'ENOENT' ? new Error('tmux is needed to drive a terminal assistant: apt-get install tmux (.ci/run does)') : error;
    });
    terminal.group = Number((await terminal.tmux('display-message', '-p', '-t', 'assistant', '#{pane_pid}')).stdout.trim());
    return terminal;
  }

  /**
   * Types `text` literally and presses Enter once the screen shows it, as a person does: an
   * Enter that arrives with the text is taken as part of a paste.
   */
  async type(text: string): Promise<void> {
    const echoed = this.countOf(text);
    await this.tmux('send-keys', '-t', 'assistant', '-l', text);
    await echoed.shownAgain(10_000);
    await this.press('Enter');
  }

  /**
   * How often the screen shows `text` now; `shownAgain` then waits until it shows it once more
   * (a new answer to a command typed again), failing with the screen after `within` ms.
   */
  countOf(text: string): { shownAgain(within?: number): Promise<string> } {
    const occurrences = (shown: string) => shown.split(text).length - 1;
    const before = this.screen().then(occurrences);
    return {
      shownAgain: async (within = 30_000) => {
        const count = await before;
        const deadline = Date.now() + within;
        for (;;) {
          const shown = await this.screen();
          if (occurrences(shown) > count) return shown;
          if (Date.now() > deadline) throw new Error(`the terminal did not show ${JSON.stringify(text)} again within ${within} ms; it shows:\n${shown}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      },
    };
  }

  async press(key: string): Promise<void> {
    await this.tmux('send-keys', '-t', 'assistant', key);
  }

  /**
   * Presses `key` until the visible screen shows `pattern`, up to `tries` times, waiting `each` ms
   * after each press: a dialog that is still mounting drops the keys it gets.
   */
  async pressUntil(key: string, pattern: RegExp, tries = 5, each = 3_000): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      await this.press(key);
      try {
        await this.waitFor(pattern, each, 'visible');
        return;
      } catch (error) {
        if (attempt === tries) throw error;
      }
    }
  }

  /** The screen and its scrollback, as text; only what is on screen now when `visible`. */
  async screen(part: 'all' | 'visible' = 'all'): Promise<string> {
    const scrollback = part === 'all' ? ['-S', '-2000'] : [];
    return (await this.tmux('capture-pane', '-p', '-J', ...scrollback, '-t', 'assistant')).stdout;
  }

  /**
   * Waits until the screen shows `pattern`, reading it every 200 ms; after `within` ms it fails
   * with the screen as it was, so the failure says what the assistant showed instead.
   */
  async waitFor(pattern: RegExp, within = 30_000, part: 'all' | 'visible' = 'all'): Promise<RegExpMatchArray> {
    const deadline = Date.now() + within;
    for (;;) {
      const shown = await this.screen(part);
      const match = shown.match(pattern);
      if (match) return match;
      if (Date.now() > deadline) throw new Error(`the terminal did not show ${pattern} within ${within} ms; it shows:\n${shown}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * Ends the program and everything it started, then tmux. Gemini CLI relaunches itself in a
   * child and survives the hangup of a closed terminal, so the whole group is killed.
   */
  async close(): Promise<void> {
    try {
      process.kill(-this.group, 'SIGKILL');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
    await this.tmux('kill-server').catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }

  /**
   * The tmux server hands its own environment to the window: it gets exactly `env`, nothing of the
   * test's (CI=true there makes Gemini CLI read its prompt from stdin instead of the terminal).
   */
  private tmux(...args: string[]) {
    return run('tmux', ['-S', this.socket, '-f', join(this.dir, 'tmux.conf'), ...args], { env: this.env });
  }
}
