import type { ServerResponse } from 'node:http';
import { rpcAnswerPieces } from '../../mcp/answer-cache.js';
import { noteToolError } from '../telemetry/request-notes.js';

/**
 * The JSON-RPC answer (one message or a batch). Unlike the refusals, no ETag: no JSON-RPC client
 * sends one back, and hashing every answer cost ~30 µs of a request (bench/README.md).
 */
export function sendAnswer(res: ServerResponse, status: number, body: unknown): void {
  noteToolError(res, body);
  const pieces = rpcAnswerPieces(body);
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': length });
  // Corked until `end`: the head and every piece leave in one write.
  res.cork();
  const last = pieces.length - 1;
  for (let i = 0; i < last; i++) res.write(pieces[i]);
  res.end(pieces[last]);
}
