import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RateRule, SlidingLog } from '../../limits/limiter.js';

export interface RateLimitOptions {
  readonly slidingLog: SlidingLog;
  readonly rule: RateRule;
  /** The budget this request draws on, e.g. `mcp:usr_…` or `register:203.0.113.0`. */
  readonly keyOf: (req: Request, res: Response) => string;
}

/**
 * Spec section 8: 429 `{"error":"rate_limit_exceeded"}` with `Retry-After` in whole seconds, and
 * no `X-RateLimit-*` headers (the remaining budget stays invisible).
 */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  const { slidingLog, rule, keyOf } = options;
  return async function rateLimitMiddleware(req: Request, res: Response, next: NextFunction) {
    const decision = await slidingLog.consume(keyOf(req, res), rule);
    if (decision.allowed) return next();
    res
      .status(429)
      .set('Retry-After', String(decision.retryAfterSeconds))
      .set('Cache-Control', 'no-store')
      .json({ error: 'rate_limit_exceeded' });
  };
}
