import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { OAuthError } from '../../oauth/errors.js';

const limit = '64kb';

/**
 * Parses a JSON or form body and turns a malformed one into the OAuth error this endpoint
 * owes (422 `invalid_client_metadata` on /register, 400 `invalid_request` elsewhere).
 */
export function parseBody(kind: 'json' | 'form', onInvalid: (reason: string) => OAuthError): RequestHandler {
  const parser =
    kind === 'json'
      ? express.json({ limit, type: () => true, strict: false })
      : express.urlencoded({ limit, extended: false });
  return function parseRequestBody(req: Request, res: Response, next: NextFunction) {
    parser(req, res, (error?: unknown) => {
      if (error === undefined) return next();
      const type = (error as { type?: string }).type;
      next(
        onInvalid(
          type === 'entity.too.large'
            ? `the body is larger than ${limit}`
            : kind === 'json'
              ? 'the body is not valid JSON'
              : 'the body is not a valid form (application/x-www-form-urlencoded)',
        ),
      );
    });
  };
}
