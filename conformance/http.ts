import { AsyncLocalStorage } from 'node:async_hooks';
import { sendContext, type SendContext } from './exchange-bus.js';
import { fetchFrom } from './fetch-from.js';

/** How one request is sent where it differs from the run's: for a check that holds requests open. */
export interface SendingOptions {
  /** This request's timeout instead of the run's (`--timeout`): one the deployment may answer late. */
  readonly timeoutMs?: number;
  /**
   * The body's last byte is sent only once this settles (not with `localAddress`): the deployment
   * holds the request, its body unread, until then.
   */
  readonly heldUntil?: Promise<unknown>;
}

export interface HttpRequest extends SendingOptions {
  readonly method?: string;
  readonly url: string | URL;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Send from this local address (a second client of the deployment), not the one the system picks. */
  readonly localAddress?: string;
}

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** The local address it was sent from, when the check chose one. */
  readonly localAddress?: string;
}

export interface RecordedResponse {
  readonly status: number;
  /** Lower-case names. Set-Cookie is kept apart because it may repeat. */
  readonly headers: Readonly<Record<string, string>>;
  readonly setCookie: readonly string[];
  readonly body: string;
}

/** One request and its response: the unit of evidence in a report. */
export interface Exchange {
  readonly request: RecordedRequest;
  readonly response: RecordedResponse;
  readonly startedAt: number;
  readonly durationMs: number;
}

/** One exchange as the exchange bus offers it: tagged with why it was sent and by which check. */
export interface SentExchange extends SendContext {
  readonly exchange: Exchange;
}

export type ExchangeListener = (sent: SentExchange) => void;

/** A request that got no HTTP response at all (refused connection, DNS, timeout). */
export class RequestFailed extends Error {
  override readonly name = 'RequestFailed';

  constructor(
    readonly request: RecordedRequest,
    readonly reason: string,
    /** What to fix, in a line, when the runner recognises why no response came (causes.ts). */
    readonly diagnosis?: string,
  ) {
    super(`${request.method} ${request.url} got no response: ${reason}`);
  }
}

/** The cause a held event stream is reported under, whatever the check made of the failure. */
export const BUFFERING_PROXY = 'a proxy buffering event streams (turn buffering off for the MCP endpoint)';

// Every exchange made while a transcript is active is appended to it, including the requests
// openid-client makes through `Http.fetch`, so a check never has to thread a recorder around.
const activeTranscript = new AsyncLocalStorage<Exchange[]>();

export type Captured<T> =
  | { readonly ok: true; readonly value: T; readonly exchanges: readonly Exchange[] }
  | { readonly ok: false; readonly error: unknown; readonly exchanges: readonly Exchange[] };

/** Runs `work` and collects every exchange it makes (and only those). */
export async function captureExchanges<T>(work: () => Promise<T>): Promise<Captured<T>> {
  const exchanges: Exchange[] = [];
  return activeTranscript.run(exchanges, async () => {
    try {
      return { ok: true, value: await work(), exchanges };
    } catch (error) {
      return { ok: false, error, exchanges };
    }
  });
}

/** Adds an exchange made earlier (by a shared step) to the evidence of the running check. */
export function cite(...exchanges: readonly Exchange[]): void {
  activeTranscript.getStore()?.push(...exchanges);
}

/** Reads server-sent events into `stream.body` as they come, handing each one's data to `onEvent`. */
async function readEvents(chunks: AsyncIterable<Uint8Array>, stream: { body: string }, onEvent: (data: string) => Promise<void>): Promise<void> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    stream.body += text;
    pending += text;
    const events = pending.split(/\r?\n\r?\n/);
    pending = events.pop() ?? '';
    for (const event of events) {
      const data = event.split(/\r?\n/).filter((line) => line.startsWith('data:')).map((line) => line.slice('data:'.length).trimStart());
      if (data.length > 0) await onEvent(data.join('\n'));
    }
  }
}

const BUFFERING_HINT =
  "a proxy that buffers responses is likely holding the stream until it ends; turn buffering off for the MCP endpoint (nginx: proxy_buffering off, or let the server's X-Accel-Buffering: no through)";

/** An event stream answered at once whose first byte never came: a buffering proxy's mark. */
class StreamHeld extends Error {
  override readonly name = 'StreamHeld';

  constructor(readonly headersAfterMs: number) {
    super('the event stream was held');
  }
}

/** `body` as a stream whose last byte waits for `released`: sent chunked, the length unsaid. */
function heldBody(body: string, released: Promise<unknown>): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(body);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.subarray(0, -1));
    },
    async pull(controller) {
      await released.catch(() => undefined);
      controller.enqueue(bytes.subarray(-1));
      controller.close();
    },
  });
}

/** How many of the run's latest exchanges `Http.history` keeps: several rate windows' worth. */
const HISTORY = 4000;

/** Raw HTTP: never follows redirects, never retries, records everything. */
export class Http {
  private readonly recent: Exchange[] = [];
  private readonly listeners: ExchangeListener[] = [];
  private readonly diagnosed: { readonly at: number; readonly diagnosis: string }[] = [];

  constructor(readonly timeoutMs: number) {}

  /**
   * The first diagnosis of a request that failed at or after `since` (epoch ms): a check may wrap
   * the failure in words of its own, and the cause still reaches the report as data.
   */
  diagnosisSince(since: number): string | undefined {
    return this.diagnosed.find((failure) => failure.at >= since)?.diagnosis;
  }

  private failed(failure: RequestFailed): RequestFailed {
    if (failure.diagnosis !== undefined) {
      this.diagnosed.push({ at: Date.now(), diagnosis: failure.diagnosis });
      if (this.diagnosed.length > HISTORY) this.diagnosed.shift();
    }
    return failure;
  }

  /** The run's latest exchanges, oldest first, whichever check made them: how much budget was spent. */
  get history(): readonly Exchange[] {
    return this.recent;
  }

  /**
   * The exchange bus: `listener` is offered every exchange from now on, whoever sends it (a check,
   * a shared step, the sign-in walk, openid-client), tagged with its purpose; it costs no request.
   */
  onExchange(listener: ExchangeListener): void {
    this.listeners.push(listener);
  }

  send(request: HttpRequest): Promise<Exchange> {
    return this.sendReading(request, (response) => response.text());
  }

  /**
   * Sends, and hands each server-sent event's data to `onEvent` as it arrives, awaiting it before
   * reading on: a check can answer a request the server sent in the stream while the stream is
   * still open (an `elicitation/create`, say). The exchange records the whole body once it ends.
   */
  async sendStreaming(request: HttpRequest, onEvent: (data: string) => Promise<void>): Promise<Exchange> {
    const progress = { answered: false };
    try {
      return await this.sendStreamingOnce(request, onEvent, progress);
    } catch (error) {
      // Not even headers: a buffering proxy holds those too until the body's first buffer fills.
      if (!progress.answered && error instanceof RequestFailed && error.reason === this.timeoutReason()) {
        throw this.failed(new RequestFailed(error.request, `${error.reason} to a request answered as an event stream (the question comes in the stream, before the answer): ${BUFFERING_HINT}`, BUFFERING_PROXY));
      }
      throw error;
    }
  }

  private sendStreamingOnce(request: HttpRequest, onEvent: (data: string) => Promise<void>, progress: { answered: boolean }): Promise<Exchange> {
    const startedAt = Date.now();
    return this.sendReading(request, async (response) => {
      progress.answered = true;
      const isStream = (response.headers.get('content-type') ?? '').includes('text/event-stream');
      if (!isStream || !response.body) return response.text();
      const headersAfterMs = Date.now() - startedAt;
      const stream = { body: '' };
      try {
        await readEvents(response.body as unknown as AsyncIterable<Uint8Array>, stream, onEvent);
      } catch (error) {
        // Headers at once, then not a byte until the timeout: something in between holds the stream.
        if (stream.body === '' && error instanceof Error && error.name === 'TimeoutError') throw new StreamHeld(headersAfterMs);
        throw error;
      }
      return stream.body;
    });
  }

  private async sendReading(request: HttpRequest, read: (response: Response) => Promise<string>): Promise<Exchange> {
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      url: String(request.url),
      headers: { ...request.headers },
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.localAddress === undefined ? {} : { localAddress: request.localAddress }),
    };
    const startedAt = Date.now();
    let response: Response;
    let body: string;
    try {
      const init = { method: recorded.method, headers: recorded.headers, body: request.body, signal: AbortSignal.timeout(request.timeoutMs ?? this.timeoutMs) };
      if (request.localAddress !== undefined) response = await fetchFrom(request.localAddress, recorded.url, init);
      else if (request.heldUntil && request.body !== undefined) {
        response = await fetch(recorded.url, { ...init, body: heldBody(request.body, request.heldUntil), duplex: 'half', redirect: 'manual' } as RequestInit);
      } else response = await fetch(recorded.url, { ...init, redirect: 'manual' });
      body = await read(response);
    } catch (error) {
      throw this.failed(new RequestFailed(recorded, this.describeFailure(error), error instanceof StreamHeld ? BUFFERING_PROXY : undefined));
    }
    const exchange: Exchange = {
      request: recorded,
      response: {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        setCookie: response.headers.getSetCookie(),
        body,
      },
      startedAt,
      durationMs: Date.now() - startedAt,
    };
    this.recent.push(exchange);
    if (this.recent.length > HISTORY) this.recent.splice(0, this.recent.length - HISTORY);
    cite(exchange);
    const context = sendContext();
    for (const listener of this.listeners) listener({ exchange, ...context });
    return exchange;
  }

  /** A fetch for openid-client's `customFetch`, so its requests are recorded too. */
  readonly fetch = async (
    url: string,
    options: { method: string; headers: Record<string, string>; body?: unknown },
  ): Promise<Response> => {
    const body = options.body === undefined || options.body === null ? undefined : String(options.body);
    const exchange = await this.send({
      url,
      method: options.method,
      headers: options.headers,
      ...(body === undefined ? {} : { body }),
    });
    const { status, headers } = exchange.response;
    const hasBody = ![101, 204, 205, 304].includes(status);
    return new Response(hasBody ? exchange.response.body : null, { status, headers });
  };

  private timeoutReason(): string {
    return `no answer within ${this.timeoutMs} ms`;
  }

  private describeFailure(error: unknown): string {
    if (error instanceof StreamHeld) {
      return `no event within ${this.timeoutMs} ms on an event stream whose headers came after ${error.headersAfterMs} ms: ${BUFFERING_HINT}`;
    }
    if (error instanceof Error && error.name === 'TimeoutError') return this.timeoutReason();
    const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
    return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  }
}

export function header(exchange: Exchange, name: string): string | undefined {
  return exchange.response.headers[name.toLowerCase()];
}

/**
 * A request naming an https client_id answered "come back later" (503 with Retry-After): the
 * deployment could not fetch the client's metadata document just now, and a refused address must
 * read the same as an unreachable host. The client's host is out of reach, not the deployment.
 */
export function clientDocumentUnavailable(exchange: Exchange): boolean {
  const { request, response } = exchange;
  if (response.status !== 503 || header(exchange, 'retry-after') === undefined || !URL.canParse(request.url)) return false;
  return new URL(request.url).searchParams.get('client_id')?.startsWith('https://') === true;
}

/** Retry-After in whole seconds; undefined when absent or not a non-negative integer. */
export function retryAfterSeconds(exchange: Exchange): number | undefined {
  const value = header(exchange, 'retry-after')?.trim();
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The response body as JSON, or undefined when it is not JSON. */
export function jsonOf(exchange: Exchange): unknown {
  try {
    return JSON.parse(exchange.response.body) as unknown;
  } catch {
    return undefined;
  }
}

/** Form fields by name, or as pairs where a name may repeat (for the refusal RFC 6749 section 3.2 asks). */
export type FormFields = Readonly<Record<string, string>> | ReadonlyArray<readonly [string, string]>;

export function formBody(fields: FormFields): {
  headers: Record<string, string>;
  body: string;
} {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Array.isArray(fields) ? [...fields] : (fields as Record<string, string>)).toString(),
  };
}

export function jsonBody(value: unknown): { headers: Record<string, string>; body: string } {
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}
