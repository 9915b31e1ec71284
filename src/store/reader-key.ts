import { scopePart } from './request-scope.js';

/** Whose reads the store is running, and whether their client is still there. */
export interface Reader {
  /** The person (their user id): scanning reads take fair turns between people. */
  readonly person: string;
  /** Fires when the request's client hangs up: its reads still waiting are not run. */
  readonly gone?: AbortSignal;
}

/**
 * Set by the request path around a person's work (the MCP endpoint), so that a store that queues
 * scanning reads (SQLite's read pool) can take them in fair turns between people and drop those
 * of a client that has gone, and the platform's reads stop once it has (`callerGone`). Reads
 * outside it share one turn.
 */
export const readerKey = scopePart<Reader>('reader');
