/** Messages between the bench (parent) and a server child, over the fork IPC channel. */

export type ServerVariant = 'full-stack' | 'ceiling' | 'naive';

export type ParentMessage<Options> =
  | { readonly type: 'start'; readonly options: Options }
  | { readonly type: 'sample' }
  | { readonly type: 'stop' };

export type ChildMessage =
  | { readonly type: 'ready'; readonly url: string }
  | { readonly type: 'failed'; readonly message: string }
  /** Resident memory, and CPU time (user + system) used since the child started. */
  | { readonly type: 'sample'; readonly rssBytes: number; readonly heapUsedBytes: number; readonly cpuMicros: number };

export interface FullStackOptions {
  /** `--db`: a SQLite file or a postgres:// URL. */
  readonly db: string;
  /** The MCP budget per person; `benchRateRule` when absent. */
  readonly mcpRateLimit?: { readonly limit: number; readonly windowMs: number };
  /** Where rate windows live; the store itself when absent. */
  readonly rateStore?: string;
  /**
   * Metrics on and every request logged as JSON (to `logFile`), as a production `serve` runs;
   * `metrics` or `log` for one of them alone.
   */
  readonly telemetry?: boolean | 'metrics' | 'log';
  /** Where the JSON request log goes when on: this file (appended to), else /dev/null. */
  readonly logFile?: string;
}

export interface CeilingOptions {
  /** The exact bytes the full stack answered, served from memory. */
  readonly body: string;
  readonly contentType: string;
}

export interface NaiveOptions {
  readonly db: string;
}

/**
 * The limiter stays on (every request is checked and logged) with a budget no run can exhaust.
 * The window is short on purpose: the SQLite log's check costs O(live entries of the key)
 * (~0.06 µs each), and a real key never holds more than its 180 (180/60 s). At the 5,000–10,000
 * requests/s of one bench user, a 20 ms window keeps 100–200 live entries, as in production; a
 * 60 s window would let that one key hold 300,000 and measure a log no user ever has.
 */
export const benchRateRule = { limit: 1_000_000, windowMs: 20 };

/**
 * The realistic load: 16 people share the requests, each with a log of its own. At the
 * 3,000–10,000 requests/s of a run, a 1 s window keeps 190–630 live entries per person, the few
 * hundred a real 180/60 s log holds, and no request is ever refused.
 */
export const crowdRateRule = { limit: 1_000_000, windowMs: 1000 };
