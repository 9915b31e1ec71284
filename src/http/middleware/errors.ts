import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express';
import { RateStoreUnavailableError } from '../../limits/errors.js';
import { OAuthError } from '../../oauth/errors.js';
import { sendThroughExpress, type JsonAnswer } from '../json-answer.js';

/** An error that knows its own HTTP status (store and rate-store outages: 503). */
const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' ? status : undefined;
};

/**
 * The one place that turns a thrown error into an answer, for Express and the lean MCP handler
 * alike; unknown errors are logged and never leak details.
 */
export function errorAnswer(error: unknown): JsonAnswer {
  if (error instanceof OAuthError) {
    const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
    if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
    return { status: error.status, headers, body: error.toJSON() };
  }
  if (statusOf(error) === 503) {
    return {
      status: 503,
      headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' },
      body: { error: 'temporarily_unavailable', error_description: `${unavailablePart(error)} is unavailable; try again shortly` },
    };
  }
  console.error('survey-mcp: unexpected error', error);
  return { status: 500, headers: { 'Cache-Control': 'no-store' }, body: { error: 'server_error' } };
}

/** Which store an outage is in, by kind only: the answer is public, the address is not. */
function unavailablePart(error: unknown): string {
  if (!(error instanceof RateStoreUnavailableError)) return 'the store';
  return /^rediss?:/.test(error.store) ? 'the rate store (Redis)' : 'the rate store';
}

export function errorResponder(): ErrorRequestHandler {
  return function respondWithError(error: unknown, _req: Request, res: Response, next: NextFunction) {
    if (res.headersSent) return next(error);
    sendThroughExpress(res, errorAnswer(error));
  };
}

/** JSON 404 for paths no route claims. */
export function notFound() {
  return function answerNotFound(req: Request, res: Response) {
    res.status(404).json({ error: 'not_found', error_description: `no route for ${req.method} ${req.path}` });
  };
}
