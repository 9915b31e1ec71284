import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const CALLBACK_PATH = '/callback';

const DONE_PAGE =
  '<!doctype html><meta charset="utf-8"><title>survey-mcp conformance</title>' +
  '<p>The conformance run received the answer. You can close this tab.</p>';

interface Waiter {
  readonly resolve: (url: URL) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * Receives authorization responses on 127.0.0.1 at an ephemeral port (RFC 8252 section 7.3).
 * Authorizations run one at a time, so each callback goes to the oldest waiter; matching on
 * `state` here would hide a deployment that mangles it from the check that looks for that.
 */
export class LoopbackListener {
  private readonly waiters: Waiter[] = [];

  private constructor(
    private readonly server: Server,
    readonly redirectUri: string,
  ) {
    server.on('request', (request, response) => {
      const url = new URL(request.url ?? '/', redirectUri);
      const waiter = url.pathname === CALLBACK_PATH ? this.waiters.shift() : undefined;
      if (!waiter) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not expecting an authorization response');
        return;
      }
      clearTimeout(waiter.timer);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(DONE_PAGE);
      waiter.resolve(url);
    });
  }

  static async start(): Promise<LoopbackListener> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const { port } = server.address() as AddressInfo;
    return new LoopbackListener(server, `http://127.0.0.1:${port}${CALLBACK_PATH}`);
  }

  /** The next authorization response to arrive, or an error after `timeoutMs`. */
  nextCallback(timeoutMs: number): Promise<URL> {
    return new Promise<URL>((resolve, reject) => {
      const timer = setTimeout(() => {
        const index = this.waiters.findIndex((waiter) => waiter.timer === timer);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(new Error(`no authorization response reached ${this.redirectUri} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.waiters.push({ resolve, reject, timer });
    });
  }

  async close(): Promise<void> {
    for (const waiter of this.waiters.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error('the conformance run ended before the browser answered'));
    }
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // A browser keeps its connection alive; without this, close() would wait for it.
    this.server.closeAllConnections();
    await closed;
  }
}
