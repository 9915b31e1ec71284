import type { IncomingHttpHeaders } from 'node:http';
import type { InFlightLimit, Release } from '../../limits/in-flight.js';
import type { RateRule, SlidingLog } from '../../limits/limiter.js';
import type { Clock } from '../../platform/clock.js';
import type { Store } from '../../store/store.js';
import type { JsonAnswer } from '../json-answer.js';
import { bearerCheck, type BearerAuth } from './bearer-check.js';
import { originCheck } from './origin-check.js';
import { rateLimitRefusal } from '../middleware/rate-limit.js';
import { tokenOwners } from './token-owners.js';

export interface McpGateOptions {
  readonly store: Store;
  readonly slidingLog: SlidingLog;
  readonly clock: Clock;
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly rateRule: RateRule;
  readonly allowedOrigins: readonly string[];
}

/** Past the gate: the person, and for a POST the in-flight turn it holds until its work ends. */
export type GateVerdict = { readonly auth: BearerAuth; readonly release?: Release } | { readonly refusal: JsonAnswer };

export interface GateRequest {
  readonly headers: IncomingHttpHeaders;
  /** Whether the request runs work, and so needs an in-flight turn (a POST). */
  readonly works: boolean;
  /** The survey the request reads first, where the store reads it with the token (read-ahead.ts). */
  readonly surveyToRead?: string;
  /** Fires when the client hangs up: a request waiting for its turn leaves the queue. */
  readonly gone: AbortSignal;
}

/** The key of a person's MCP budget in the rate log. */
export const mcpBudgetKey = (userId: string): string => `mcp:${userId}`;

// Past the person's in-flight limit and its queue: the contract's 429, to try again in a second.
const busy: JsonAnswer = { status: 429, headers: { 'Retry-After': '1', 'Cache-Control': 'no-store' }, body: { error: 'rate_limit_exceeded' } };

/**
 * What every request to the MCP endpoint passes, in the order of the request path in
 * architecture.md: origin, bearer token, the person's rate limit, then (for a POST) an in-flight
 * turn. A survey read with the token (PostgreSQL, bearer-check.ts) comes after the rate check and
 * the turn, so a refused request reads nothing: it is made only for a token whose person this
 * process has seen (token-owners.ts), whose budget and turn are checked first; another token is
 * checked alone and its tool reads the survey itself.
 */
export function mcpGate(options: McpGateOptions, inFlight: InFlightLimit): (request: GateRequest) => Promise<GateVerdict> {
  const { slidingLog, rateRule } = options;
  const refuseOrigin = originCheck([options.baseUrl, options.authUrl], options.allowedOrigins);
  const authenticate = bearerCheck({
    store: options.store,
    clock: options.clock,
    resourceMetadataUrl: `${options.baseUrl}/.well-known/oauth-protected-resource`,
  });
  const owners = tokenOwners();
  const limit = (userId: string) => rateLimitRefusal(slidingLog, rateRule, mcpBudgetKey(userId));

  async function turn(request: GateRequest, userId: string): Promise<{ release?: Release } | { refusal: JsonAnswer }> {
    if (!request.works) return {};
    const release = await inFlight.acquire(userId, request.gone);
    return release ? { release } : { refusal: busy };
  }

  /** The known person's budget and turn first, then the token and the survey in one read. */
  async function passKnown(request: GateRequest, owner: string, surveyToRead: string): Promise<GateVerdict> {
    const { authorization } = request.headers;
    const limited = await limit(owner);
    if (limited) {
      const verdict = await authenticate(authorization);
      return 'refusal' in verdict ? verdict : { refusal: limited };
    }
    const taken = await turn(request, owner);
    if ('refusal' in taken) return taken;
    const verdict = await authenticate(authorization, surveyToRead);
    if ('auth' in verdict) return { ...verdict, ...taken };
    // Revoked or expired since: this token spent one request of its person's budget, once.
    taken.release?.();
    owners.forget(authorization);
    return verdict;
  }

  return async function passGate(request) {
    const { headers, surveyToRead } = request;
    const forbidden = refuseOrigin(headers.origin);
    if (forbidden) return { refusal: forbidden };
    const owner = surveyToRead === undefined ? undefined : owners.of(headers.authorization);
    if (owner !== undefined && surveyToRead !== undefined) return passKnown(request, owner, surveyToRead);
    const verdict = await authenticate(headers.authorization);
    if ('refusal' in verdict) return verdict;
    if (surveyToRead !== undefined) owners.remember(headers.authorization, verdict.auth.userId);
    const limited = await limit(verdict.auth.userId);
    if (limited) return { refusal: limited };
    const taken = await turn(request, verdict.auth.userId);
    return 'refusal' in taken ? taken : { ...verdict, ...taken };
  };
}
