import type { IncomingHttpHeaders } from 'node:http';
import type { RateRule, SlidingLog } from '../../limits/limiter.js';
import type { Clock } from '../../platform/clock.js';
import type { Store } from '../../store/store.js';
import type { JsonAnswer } from '../json-answer.js';
import { bearerCheck, type BearerAuth } from './bearer-check.js';
import { originCheck } from './origin-check.js';
import { rateLimitRefusal } from '../middleware/rate-limit.js';

export interface McpGateOptions {
  readonly store: Store;
  readonly slidingLog: SlidingLog;
  readonly clock: Clock;
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly rateRule: RateRule;
  readonly allowedOrigins: readonly string[];
}

export type GateVerdict = { readonly auth: BearerAuth } | { readonly refusal: JsonAnswer };

/**
 * What every request to the MCP endpoint passes, in the order of the request path in
 * architecture.md: origin, bearer token, then the person's rate limit. A survey read with the
 * token (`surveyToRead`, bearer-check.ts) is read before the rate check but shown only past it:
 * a refusal carries nothing of it, and the read writes nothing.
 */
export function mcpGate(options: McpGateOptions): (headers: IncomingHttpHeaders, surveyToRead?: string) => Promise<GateVerdict> {
  const { slidingLog, rateRule } = options;
  const refuseOrigin = originCheck([options.baseUrl, options.authUrl], options.allowedOrigins);
  const authenticate = bearerCheck({
    store: options.store,
    clock: options.clock,
    resourceMetadataUrl: `${options.baseUrl}/.well-known/oauth-protected-resource`,
  });
  return async function passGate(headers, surveyToRead) {
    const forbidden = refuseOrigin(headers.origin);
    if (forbidden) return { refusal: forbidden };
    const verdict = await authenticate(headers.authorization, surveyToRead);
    if ('refusal' in verdict) return verdict;
    const limited = await rateLimitRefusal(slidingLog, rateRule, `mcp:${verdict.auth.userId}`);
    return limited ? { refusal: limited } : verdict;
  };
}
