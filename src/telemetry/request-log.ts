import { pino, type DestinationStream, type Logger } from 'pino';
import { outcomeOf, spanOf, type RequestRecord } from './request-record.js';

/** pino's own writer (sonic-boom). */
type PinoWriter = ReturnType<typeof pino.destination>;

/** `json`: one JSON object a line (production); `pretty`: for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';
export type LogLevel = 'info' | 'warn' | 'error' | 'silent';

export interface ServerLogOptions {
  readonly format: LogFormat;
  readonly level: LogLevel;
  /** Where lines go; stdout by default (tests hand a stream of their own). */
  readonly destination?: DestinationStream;
}

/**
 * Where JSON lines go (stdout unless told): lines gathered up to 16 KB, handed to pino's writer in
 * one piece and written at once, and what is held written at least every second, so a quiet
 * server's line is never later than that. Written synchronously, as pino's own default
 * destination writes: per line, an asynchronous write cost ~5 µs of CPU, one in 4 KB written
 * asynchronously ~4 µs, written at once ~1 µs (measured). Gathered here rather than by pino's
 * writer (`minLength`), which measures the byte length of all it holds at every line: a line
 * rendered and written cost 3.0 µs that way, 1.6 here at 4 KB, 1.1 at 16 KB (measured). The price
 * is up to 16 KB of lines (about 45) lost if the process is killed outright (a stop flushes).
 */
export const bufferedDestination = (dest: number | string = 1): DestinationStream => new GatheredLines(pino.destination({ dest, sync: true, minLength: 0 }));

const gatherBytes = 16_384;
const gatherMs = 1000;

/** Lines held as one string (concatenated in O(1)) until there are 16 KB of them, or a second has passed. */
class GatheredLines implements DestinationStream {
  readonly #out: PinoWriter;
  #held = '';

  constructor(out: PinoWriter) {
    this.#out = out;
    // A timer of its own must not keep a process alive that has nothing else to do.
    setInterval(() => this.#handOn(), gatherMs).unref();
  }

  write(line: string): void {
    this.#held += line;
    // A string's length counts UTF-16 units, not bytes: for a threshold, close enough.
    if (this.#held.length >= gatherBytes) this.#handOn();
  }

  /** pino's `logger.flush(callback)` calls this. */
  flush(callback?: (error?: Error) => void): void {
    this.#handOn();
    this.#out.flush(callback);
  }

  #handOn(): void {
    if (this.#held === '') return;
    const text = this.#held;
    this.#held = '';
    this.#out.write(text);
  }
}

let timeMs = Number.NaN;
let timeField = '';
let second = Number.NaN;
/** The field up to the second's dot: `,"time":"2026-07-28T12:34:56.` */
let secondPrefix = '';

/**
 * pino's `isoTime`, made once a millisecond however many lines share it, and its date and time
 * of day once a second: under load a millisecond holds one or two lines, and `toISOString` was
 * most of this function's cost.
 */
function isoTimeOncePerMs(): string {
  const now = Date.now();
  if (now !== timeMs) {
    timeMs = now;
    const millis = now % 1000;
    if (now - millis !== second) {
      second = now - millis;
      secondPrefix = `,"time":"${new Date(second).toISOString().slice(0, 20)}`;
    }
    timeField = `${secondPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z"`;
  }
  return timeField;
}

/**
 * The server's structured log (pino): one line per answered request and per notable event.
 * What goes in is chosen field by field, never a whole request: no token, code, password,
 * cookie or email can reach it, only ids (the person's `usr_…`, the client's id).
 */
export class ServerLog {
  readonly #logger: Logger;
  /** JSON only: where a request line is written as it is rendered here. */
  readonly #destination: DestinationStream | undefined;

  constructor(options: ServerLogOptions) {
    const base = { level: options.level, base: { service: 'survey-mcp' }, timestamp: isoTimeOncePerMs };
    if (options.format === 'pretty') {
      this.#logger = pino({ ...base, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'service' } } });
    } else {
      this.#destination = options.destination ?? bufferedDestination();
      this.#logger = pino(base, this.#destination);
    }
  }

  /**
   * One line per answered request. In JSON it is pino's own line (level, time, service, the
   * fields, msg) rendered by one `JSON.stringify` of fields that are all strings and numbers:
   * pino's general rendering, key by key, cost ~3 µs of each request (measured).
   */
  request(record: RequestRecord): void {
    const level = record.status >= 500 ? 'error' : 'info';
    if (!this.#logger.isLevelEnabled(level)) return;
    const fields = requestFields(record);
    if (!this.#destination) return void this.#logger[level](fields, 'request');
    const number = this.#logger.levels.values[level]!;
    this.#destination.write(`{"level":${number}${isoTimeOncePerMs()},"service":"survey-mcp",${JSON.stringify(fields).slice(1, -1)},"msg":"request"}\n`);
    // A failure is worth reading at once, not with the next 16 KB.
    if (level === 'error') this.#logger.flush();
  }

  /** A notable event outside a request (start, stop, a store that went away), written at once. */
  event(message: string, fields: Record<string, unknown> = {}, level: 'info' | 'warn' | 'error' = 'info'): void {
    this.#logger[level](fields, message);
    this.#logger.flush();
  }

  /** Writes what is buffered: before the process exits. */
  flush(): Promise<void> {
    return new Promise((resolve) => this.#logger.flush(() => resolve()));
  }
}

/** What a request line says, chosen field by field (absent ones left out). */
function requestFields(record: RequestRecord): Record<string, string | number | undefined> {
  const { note } = record;
  return {
    requestId: record.requestId,
    host: record.host,
    method: record.httpMethod,
    route: record.route,
    status: record.status,
    outcome: outcomeOf(record),
    durationMs: Math.round(record.durationMs * 100) / 100,
    address: note.address,
    userId: note.userId,
    clientId: note.clientId,
    era: note.era,
    [record.host === 'mcp' ? 'rpcMethod' : 'grantType']: note.method,
    tool: note.tool,
    refusal: note.refusal,
    trace_id: note.traceId,
    span_id: spanOf(note),
  };
}
