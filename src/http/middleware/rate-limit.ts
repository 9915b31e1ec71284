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
  return decision.allowed ? undefined : tooMany(decision.retryAfterSeconds);
}

const tooMany = (retryAfterSeconds: number): JsonAnswer => ({
  status: 429,
  headers: { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' },
  body: { error: 'rate_limit_exceeded' },
});

/**
 * A JSON-RPC batch of `calls` requests costs one request per call (docs/limits.md): the POST
 * itself drew one at the gate, so this draws the other `calls − 1` at once, or none, and returns
 * the 429 for the whole batch when they do not all fit. A batch larger than the whole budget can
 * never fit and is refused with a 400 that says so.
 */
export async function batchRefusal(slidingLog: SlidingLog, rule: RateRule, key: string, calls: number): Promise<JsonAnswer | undefined> {
  if (calls <= 1) return undefined;
  if (calls > rule.limit) {
    const message = `Invalid Request: a batch of ${calls} requests costs ${calls} of the ${rule.limit} requests a person may send per ${rule.windowMs / 1000} s: send at most ${rule.limit} in one batch`;
    return { status: 400, body: { jsonrpc: '2.0', id: null, error: { code: -32600, message } } };
  }
  const decision = await slidingLog.consume(key, rule, undefined, calls - 1);
  if (decision.allowed) return undefined;
  // The POST's own request stays logged, and a retry draws one at the gate before its calls: so
  // the batch fits again once `calls` fit, not `calls − 1`. Asked as a draw of `calls`, which is
  // refused (fewer fit just before); should requests have left the window meanwhile, that draw
  // is the batch's and it runs, one request dearer.
  const whole = await slidingLog.consume(key, rule, undefined, calls);
  return whole.allowed ? undefined : tooMany(whole.retryAfterSeconds);
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
