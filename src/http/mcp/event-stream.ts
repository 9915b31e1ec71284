import type { ServerResponse } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { noteToolError } from '../telemetry/request-notes.js';

/** A comment line now and then keeps proxies from closing a stream idle while the person reads. */
const defaultKeepAliveMs = 15_000;

/**
 * An event stream's head: `X-Accel-Buffering: no` makes nginx pass each event on as it comes
 * (its default buffering held a confirmation's question until the call's deadline), and
 * `no-transform` keeps compressing proxies from holding it to fill a block.
 */
const proxyUnbufferedStream = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' };

/**
 * The answer of a POST whose call asks the person (2025-11-25, Streamable HTTP): the head goes out
 * as `text/event-stream` with the first server request, and the call's response closes the stream.
 * This is the POST's own answer, not the server-initiated notification stream the GET would open
 * (which stays 404, spec 4.1 rule 1). Until a request is sent nothing is written, and the POST is
 * answered as JSON as every other.
 */
export class PostEventStream {
  readonly #res: ServerResponse;
  readonly #keepAliveMs: number;
  #keepAlive: NodeJS.Timeout | undefined;

  constructor(res: ServerResponse, keepAliveMs = defaultKeepAliveMs) {
    this.#res = res;
    this.#keepAliveMs = keepAliveMs;
  }

  get started(): boolean {
    return this.#res.headersSent;
  }

  readonly send = (message: JSONRPCMessage): void => {
    if (!this.started) {
      this.#res.writeHead(200, proxyUnbufferedStream);
      this.#keepAlive = setInterval(() => this.#res.write(': waiting for the person\n\n'), this.#keepAliveMs).unref();
      // A client that hangs up mid-question gets no answer written (post.ts): the timer stops here.
      this.#res.once('close', () => clearInterval(this.#keepAlive));
    }
    this.#res.write(event(message));
  };

  /** The call's response, and the end of the stream. */
  finish(response: unknown): void {
    clearInterval(this.#keepAlive);
    noteToolError(this.#res, response);
    this.#res.end(event(response));
  }
}

const event = (message: unknown): string => `event: message\ndata: ${JSON.stringify(message)}\n\n`;
