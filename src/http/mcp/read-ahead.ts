import type { IncomingMessage } from 'node:http';
import { surveyReadBy } from '../../mcp/read-ahead.js';
import { readBody } from './read-body.js';

/**
 * The largest body read before the bearer check: a `get_survey` call is ~150 bytes. An
 * unauthenticated client can make the server hold this much, as its headers already may (16 KiB).
 */
const readAheadBytes = 4096;

export interface ReadAhead {
  /** The body, read as `mcpPost` would read it (its failures are reported there, in their turn). */
  readonly body: Promise<Buffer>;
  /** The survey the request will read first, if it says so (mcp/read-ahead.ts). */
  readonly surveyId: string | undefined;
}

/**
 * A POST's body read before the gate, so that the bearer check can read the survey of a
 * `get_survey` with the token, in one round trip: only for a request that sends a bearer token
 * and declares a small, uncompressed body. Every refusal keeps its place in the request path:
 * the gate still answers before anything the body holds does.
 */
export async function readAhead(req: IncomingMessage, limitBytes: number): Promise<ReadAhead | undefined> {
  if (req.method !== 'POST' || req.headers.authorization === undefined || req.headers['content-encoding'] !== undefined) return undefined;
  const length = Number(req.headers['content-length']);
  if (!(length > 0 && length <= readAheadBytes)) return undefined;
  const body = readBody(req, limitBytes);
  let surveyId: string | undefined;
  try {
    surveyId = surveyReadBy(JSON.parse((await body).toString('utf8')));
  } catch {
    // Unreadable or not JSON: nothing is read ahead, and `mcpPost` answers what is wrong.
  }
  return { body, surveyId };
}
