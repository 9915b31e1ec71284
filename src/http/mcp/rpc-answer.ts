import type { ServerResponse } from 'node:http';
import { rpcAnswerText } from '../../mcp/answer-cache.js';

/**
 * The JSON-RPC answer (one message or a batch). Unlike the refusals, no ETag: no JSON-RPC client
 * sends one back, and hashing every answer cost ~30 µs of a request (bench/README.md).
 */
export function sendAnswer(res: ServerResponse, status: number, body: unknown): void {
  const text = rpcAnswerText(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
