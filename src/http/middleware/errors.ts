import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express';
import { OAuthError } from '../../oauth/errors.js';

/** An error that knows its own HTTP status (store and rate-store outages: 503). */
const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' ? status : undefined;
};

/** The one place that turns a thrown error into a response; unknown errors never leak details. */
export function errorResponder(): ErrorRequestHandler {
  return function respondWithError(error: unknown, _req: Request, res: Response, next: NextFunction) {
    if (res.headersSent) return next(error);
    res.set('Cache-Control', 'no-store');
    if (error instanceof OAuthError) {
      res.status(error.status).json(error.toJSON());
      return;
    }
    if (statusOf(error) === 503 || (error as Error)?.name === 'StoreUnavailableError') {
      res.status(503).set('Retry-After', '5').json({ error: 'temporarily_unavailable', error_description: 'the store is unavailable; try again shortly' });
      return;
    }
    console.error('survey-mcp: unexpected error', error);
    res.status(500).json({ error: 'server_error' });
  };
}

/** JSON 404 for paths no route claims. */
export function notFound() {
  return function answerNotFound(req: Request, res: Response) {
    res.status(404).json({ error: 'not_found', error_description: `no route for ${req.method} ${req.path}` });
  };
}
