import { pino, type DestinationStream, type Logger } from 'pino';
import { outcomeOf, type RequestRecord } from './request-record.js';

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
 * The server's structured log (pino): one line per answered request and per notable event.
 * What goes in is chosen field by field, never a whole request: no token, code, password,
 * cookie or email can reach it, only ids (the person's `usr_…`, the client's id).
 */
export class ServerLog {
  readonly #logger: Logger;

  constructor(options: ServerLogOptions) {
    const base = { level: options.level, base: { service: 'survey-mcp' }, timestamp: pino.stdTimeFunctions.isoTime };
    this.#logger =
      options.format === 'pretty'
        ? pino({ ...base, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'service' } } })
        : pino(base, options.destination ?? pino.destination({ sync: false }));
  }

  request(record: RequestRecord): void {
    const { note } = record;
    const outcome = outcomeOf(record);
    const level = record.status >= 500 ? 'error' : 'info';
    this.#logger[level](
      {
        requestId: record.requestId,
        host: record.host,
        method: record.httpMethod,
        route: record.route,
        status: record.status,
        outcome,
        durationMs: Math.round(record.durationMs * 100) / 100,
        address: note.address,
        userId: note.userId,
        clientId: note.clientId,
        era: note.era,
        [record.host === 'mcp' ? 'rpcMethod' : 'grantType']: note.method,
        tool: note.tool,
        refusal: note.refusal,
      },
      'request',
    );
  }

  /** A notable event outside a request (start, stop, a store that went away). */
  event(message: string, fields: Record<string, unknown> = {}, level: 'info' | 'warn' | 'error' = 'info'): void {
    this.#logger[level](fields, message);
  }

  /** Writes what is buffered: before the process exits. */
  flush(): Promise<void> {
    return new Promise((resolve) => this.#logger.flush(() => resolve()));
  }
}
