import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RateRule, SlidingLog } from '../../limits/limiter.js';
import { sendThroughExpress, type JsonAnswer } from '../json-answer.js';

/**
 * Spec section 8: draws one request from `key`'s budget (e.g. `mcp:usr_…`, `register:203.0.113.0`)
 * and returns the 429 to send once it is spent: `{"error":"rate_limit_exceeded"}` with
 * `Retry-After` in whole seconds and no `X-RateLimit-*` headers (the remaining budget stays invisible).
 */
export async function rateLimitRefusal(slidingLog: SlidingLog, rule: RateRule, key: string): Promise<JsonAnswer | undefined> {
  const decision = await slidingLog.consume(key, rule);
  if (decision.allowed) return undefined;
  return {
    status: 429,
    headers: { 'Retry-After': String(decision.retryAfterSeconds), 'Cache-Control': 'no-store' },
    body: { error: 'rate_limit_exceeded' },
  };
}

export interface RateLimitOptions {
  readonly slidingLog: SlidingLog;
  readonly rule: RateRule;
  /** The budget this request draws on. */
  readonly keyOf: (req: Request) => string;
}

/** The same limit as an Express middleware (registration). */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  const { slidingLog, rule, keyOf } = options;
  return async function rateLimitMiddleware(req: Request, res: Response, next: NextFunction) {
    const refusal = await rateLimitRefusal(slidingLog, rule, keyOf(req));
    if (refusal) return sendThroughExpress(res, refusal);
    next();
  };
}
