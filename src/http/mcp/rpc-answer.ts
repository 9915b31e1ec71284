import type { ServerResponse } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { storeUnavailableCode } from '../../mcp/server.js';
import { StoreUnavailableError } from '../../store/errors.js';

/** A store outage inside an answer is answered like every other outage: 503, Retry-After, no store URL. */
export function throwIfStoreUnavailable(answers: readonly JSONRPCMessage[]): void {
  const unavailable = answers.find((answer) => 'error' in answer && answer.error.code === storeUnavailableCode);
  if (unavailable && 'error' in unavailable) throw new StoreUnavailableError(unavailable.error.message);
}

/**
 * The JSON-RPC answer. Unlike the refusals, no ETag: no JSON-RPC client sends one back, and
 * hashing every answer cost ~30 µs of a request (bench/README.md).
 */
export function sendAnswer(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
