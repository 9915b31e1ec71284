import type { Request, Response } from 'express';
import type { RateDecision, RateRule, SlidingLog } from '../limits/limiter.js';
import { recordAudit } from '../platform/audit.js';
import type { OAuthClient } from '../store/auth-store.js';
import { AssertionRefusal } from './client-assertion.js';
import { requestingClient } from './client-auth.js';
import type { OAuthContext } from './context.js';
import { OAuthError } from './errors.js';
import { hashSecret } from './tokens.js';

/**
 * The token endpoint's budgets beyond the per-address one: refreshes per grant, over all
 * addresses (`--token-grant-rate-limit`), charged only once the client has authenticated; and
 * failed client authentications per address, which is what a forged assertion spends.
 */
export interface GrantRateLimit {
  readonly slidingLog: SlidingLog;
  readonly rule: RateRule;
  /** The sending address as the rate limits group it (an IPv6 /64 is one). */
  readonly addressOf: (req: Request) => string;
}

/**
 * Failed client authentications from one address: a client that holds its key fails rarely, so
 * 60 a minute is room for a misconfigured one to read its errors; a thief without the key spends
 * this, never the grant's budget, and gets 429 past it.
 */
export const failedAuthenticationRule: RateRule = { limit: 60, windowMs: 60_000 };
/** A refused assertion is recorded once per client a minute: a flood of forgeries cannot fill the trail. */
export const refusedAssertionAuditRule: RateRule = { limit: 1, windowMs: 60_000 };

/** Answers 429 with Retry-After, saying which budget was spent. */
export function sendTooMany(res: Response, decision: Extract<RateDecision, { allowed: false }>, what: string): void {
  res.status(429).set('Retry-After', String(decision.retryAfterSeconds));
  res.json({ error: 'rate_limit_exceeded', error_description: `${what}; retry in ${decision.retryAfterSeconds} seconds` });
}

/**
 * The requesting client, authenticated (RFC 7523 for private_key_jwt clients). A refused
 * authentication is charged to the sending address and thrown (401) while that budget lasts;
 * past it, the spent decision comes back for a 429. A refused assertion of a known client is
 * audited, once per client a minute.
 */
export async function authenticatedClient(
  context: OAuthContext,
  limit: GrantRateLimit,
  req: Request,
  params: Record<string, string | undefined>,
): Promise<OAuthClient | Extract<RateDecision, { allowed: false }>> {
  try {
    return await requestingClient(context, req, params);
  } catch (error) {
    if (!(error instanceof OAuthError) || error.code !== 'invalid_client') throw error;
    if (error instanceof AssertionRefusal && error.clientId !== undefined) await auditRefusedAssertion(context, limit, error.clientId, error);
    const decision = await limit.slidingLog.consume(`token:auth-failure:${limit.addressOf(req)}`, failedAuthenticationRule);
    if (decision.allowed) throw error;
    return decision;
  }
}

async function auditRefusedAssertion(context: OAuthContext, limit: GrantRateLimit, clientId: string, refusal: AssertionRefusal): Promise<void> {
  if (!(await limit.slidingLog.consume(`audit:assertion-refused:${clientId}`, refusedAssertionAuditRule)).allowed) return;
  await recordAudit(context, {
    action: 'client.assertion-refused',
    clientId,
    detail: { reason: refusal.description, recorded: 'the first refusal for this client in a minute' },
  });
}

/** The 429 decision when the grant of this refresh token has spent its budget, else undefined. */
export async function grantOverBudget(context: OAuthContext, limit: GrantRateLimit, params: Record<string, string | undefined>) {
  if (params.grant_type !== 'refresh_token' || !params.refresh_token) return undefined;
  const grantId = await context.store.grantOfRefreshToken(hashSecret(params.refresh_token));
  if (grantId === undefined) return undefined;
  const decision = await limit.slidingLog.consume(`token:grant:${grantId}`, limit.rule);
  return decision.allowed ? undefined : decision;
}
