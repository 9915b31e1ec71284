import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Response } from 'express';

/** An answer with a JSON body, decided by a rule that both Express and the lean MCP handler apply. */
export interface JsonAnswer {
  readonly status: number;
  /** Sent in this order, before the content headers. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: unknown;
}

/** Writes an answer from an Express middleware. */
export function sendThroughExpress(res: Response, answer: JsonAnswer): void {
  res.status(answer.status).set(answer.headers ?? {}).json(answer.body);
}

/**
 * Writes an answer on a bare node:http response with the very headers Express's `res.json` adds
 * (names, order, length, weak ETag), so `/` answers byte for byte as it did through Express.
 */
export function sendJson(res: ServerResponse, answer: JsonAnswer): void {
  const text = JSON.stringify(answer.body);
  const length = Buffer.byteLength(text);
  res.writeHead(answer.status, {
    ...answer.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': length,
    ETag: `W/"${length.toString(16)}-${createHash('sha1').update(text).digest('base64').slice(0, 27)}"`,
  });
  res.end(text);
}
