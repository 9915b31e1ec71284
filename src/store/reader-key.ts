import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose reads the store is running: set by the request path around a person's work (the MCP
 * endpoint sets the person's id), so that a store that queues scanning reads (SQLite's read
 * pool) can take them in fair turns between people. Reads outside it share one turn.
 */
export const readerKey = new AsyncLocalStorage<string>();
