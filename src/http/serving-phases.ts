import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pendingAccepts } from './accept-queue.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** How long a request that arrives before the app is wired waits for it, then gets 503. */
export const startHoldMs = 1_000;

const startingBody = JSON.stringify({ error: 'temporarily_unavailable', error_description: 'the server is starting: try again in a second' });

/**
 * The request listener of a host through its life. A host listens before its app exists (the app
 * needs the URL a port 0 bind yields, and the stores are still being reached), so a request that
 * arrives then is held until `open`, at most `startHoldMs`, then answered 503 with `Retry-After`:
 * never left without a listener. Once `drain` is called, every answer carries
 * `Connection: close`, so a proxy's keep-alive connection ends after the request it carried
 * rather than being cut under its next one.
 */
export class ServingPhases {
  #listener: Listener | undefined;
  readonly #held = new Map<ServerResponse, { req: IncomingMessage; timer: NodeJS.Timeout }>();
  readonly #inFlight = new Set<ServerResponse>();
  #draining = false;

  readonly handle: Listener = (req, res) => {
    if (this.#draining) closeAfter(res);
    this.#inFlight.add(res);
    res.once('close', () => this.#inFlight.delete(res));
    if (this.#listener) return this.#listener(req, res);
    const timer = setTimeout(() => {
      this.#held.delete(res);
      answerStarting(res);
    }, startHoldMs);
    this.#held.set(res, { req, timer });
    res.once('close', () => {
      clearTimeout(timer);
      this.#held.delete(res);
    });
  };

  /** The app is wired: held requests go to it now, in the order they came. */
  open(listener: Listener): void {
    this.#listener = listener;
    for (const [res, { req, timer }] of this.#held) {
      clearTimeout(timer);
      listener(req, res);
    }
    this.#held.clear();
  }

  /** From now on no answer keeps its connection open; answers whose head is not out yet included. */
  drain(): void {
    this.#draining = true;
    for (const res of this.#inFlight) closeAfter(res);
  }
}

function closeAfter(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
}

function answerStarting(res: ServerResponse): void {
  if (res.headersSent) return;
  res.writeHead(503, {
    'Retry-After': '1',
    'Cache-Control': 'no-store',
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(startingBody),
  });
  res.end(startingBody);
}

/** How long a drain waits for the kernel's accept queue to empty before it closes the listener anyway. */
const acceptQueueWaitMs = 2_000;
const acceptQueueCheckMs = 5;

/**
 * Stops accepting connections and lets the open ones finish: a connection ends after the answer
 * in flight on it (`Connection: close`, `ServingPhases.drain`), and an idle keep-alive one when
 * the peer closes it or it passes the keep-alive timeout. The listener closes once the kernel holds
 * no connection the process has not accepted yet (`pendingAccepts`): a busy process takes them
 * late, and closing would reset them. Node's own `close` would also cut at once every connection
 * without a request in flight, among them one whose request is still on its way. After `graceMs`
 * every connection is cut.
 */
export function drainServer(server: Server, phases: ServingPhases | undefined, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    phases?.drain();
    if (graceMs <= 0) {
      server.close(() => resolve());
      return server.closeAllConnections();
    }
    server.closeIdleConnections = () => undefined;
    const { port } = server.address() as AddressInfo;
    // Counted in checks, not by the clock: after the event loop was held up, the next check must
    // still come after a poll phase, which is where the queue is taken.
    let checksLeft = Math.ceil(Math.min(acceptQueueWaitMs, graceMs) / acceptQueueCheckMs);
    const closeOnceAccepted = (): void => {
      if (pendingAccepts(port) > 0 && checksLeft-- > 0) return void setTimeout(closeOnceAccepted, acceptQueueCheckMs);
      server.close(() => resolve());
    };
    closeOnceAccepted();
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.once('close', () => clearTimeout(cut));
  });
}
