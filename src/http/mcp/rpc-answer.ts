import type { ServerResponse } from 'node:http';
import { rpcAnswerPieces } from '../../mcp/answer-cache.js';
import { pacer } from '../../platform/pacing.js';
import { noteToolError } from '../telemetry/request-notes.js';

/**
 * Characters encoded at once: ~0.1 ms of work. A larger answer (a batch's, up to 2 MiB of text
 * twice over) is encoded and written a slice at a time, other people's requests running between
 * slices; encoding it whole inside the socket's write held everyone for tens of milliseconds.
 */
const sliceChars = 64 * 1024;

/**
 * The JSON-RPC answer (one message or a batch). Unlike the refusals, no ETag: no JSON-RPC client
 * sends one back, and hashing every answer cost ~30 µs of a request (bench/README.md). When the
 * client hangs up (`gone`) while a large answer is encoded, the rest is not built.
 */
export async function sendAnswer(res: ServerResponse, status: number, body: unknown, gone?: AbortSignal): Promise<void> {
  noteToolError(res, body);
  const pieces = rpcAnswerPieces(body);
  let chars = 0;
  for (const piece of pieces) chars += piece.length;
  if (chars <= sliceChars) return sendWhole(res, status, pieces);
  const encoded: Buffer[] = [];
  const pace = pacer();
  let length = 0;
  for (const slice of answerSlices(pieces)) {
    const bytes = Buffer.from(slice, 'utf8');
    encoded.push(bytes);
    length += bytes.length;
    await pace();
    if (gone?.aborted) return;
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': length });
  for (const bytes of encoded) {
    res.write(bytes);
    await pace();
    if (gone?.aborted) return;
  }
  res.end();
}

function sendWhole(res: ServerResponse, status: number, pieces: readonly string[]): void {
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': length });
  // Corked until `end`: the head and every piece leave in one write.
  res.cork();
  const last = pieces.length - 1;
  for (let i = 0; i < last; i++) res.write(pieces[i]);
  res.end(pieces[last]);
}

/**
 * The text of `pieces` in slices of about `sliceChars` (small pieces joined, large ones cut),
 * never cut between the two halves of a surrogate pair, which would encode as two U+FFFD.
 */
export function* answerSlices(pieces: readonly string[], size = sliceChars): Generator<string> {
  let pending = '';
  for (const piece of pieces) {
    let start = 0;
    while (pending.length + piece.length - start > size) {
      let end = start + size - pending.length;
      const last = piece.charCodeAt(end - 1);
      // The pair goes to the next slice, or whole into this one when it alone would not fit.
      if (end > start && last >= 0xd800 && last <= 0xdbff) end += end - 1 > start || pending.length > 0 ? -1 : 1;
      yield pending + piece.slice(start, end);
      pending = '';
      start = end;
    }
    pending += piece.slice(start);
  }
  if (pending.length > 0) yield pending;
}
