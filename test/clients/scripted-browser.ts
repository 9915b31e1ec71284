import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from '../helpers/server.js';
import { approveInBrowser } from '../helpers/headless-browser.js';

const handOver = fileURLToPath(new URL('./hand-url-to-test.mjs', import.meta.url));

/**
 * The browser a command-line client opens for sign-in, scripted: `environment` makes xdg-open run
 * a script that hands the URL here; the person signs in and approves on our real pages, and the
 * browser then follows the redirect to the client's own loopback callback, delivering the code.
 */
export class ScriptedBrowser {
  /** Authorization URLs opened so far. */
  readonly opened: URL[] = [];
  /** A sign-in that could not be completed, for the client's failure to name. */
  failure?: unknown;

  private constructor(
    private readonly listener: Server,
    private readonly url: string,
    private readonly dir: string,
  ) {}

  static async start(server: TestServer, person: { email: string; clientName: string }): Promise<ScriptedBrowser> {
    const listener = createServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    // One executable: some clients run $BROWSER as a single program path, not as a command line.
    const dir = await mkdtemp(join(tmpdir(), 'survey-mcp-browser-'));
    await writeFile(join(dir, 'browser'), `#!/bin/sh\nexec '${process.execPath}' '${handOver}' "$@"\n`);
    await chmod(join(dir, 'browser'), 0o755);
    const browser = new ScriptedBrowser(listener, `http://127.0.0.1:${(listener.address() as AddressInfo).port}/`, dir);
    listener.on('request', (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        // Answered at once: the client waits for its opener to exit before it waits for the code.
        res.writeHead(202).end();
        if (!URL.canParse(body)) return void (browser.failure = new Error(`the client opened ${JSON.stringify(body)}, not a URL`));
        const url = new URL(body);
        browser.opened.push(url);
        approveInBrowser(server, url, person)
          .then(({ callback }) => fetch(callback))
          .catch((error: unknown) => (browser.failure = error));
      });
    });
    return browser;
  }

  /**
   * What the client's process needs so that "opening a browser" reaches this one: xdg-open (the
   * copy the `open` package ships) without a desktop falls back to `$BROWSER`.
   */
  environment(): Record<string, string> {
    return { BROWSER: join(this.dir, 'browser'), SURVEY_MCP_TEST_BROWSER: this.url };
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.listener.close(() => resolve()));
    await rm(this.dir, { recursive: true, force: true });
  }
}
