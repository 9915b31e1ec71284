/**
 * The pure part of the grant state machines, shared by both backends (as `limits/sliding-log.ts`
 * is by both limiters): given the rows a backend read under its lock, what happens to a code
 * presented for redemption, a refresh token presented for rotation, or a token to revoke. Each
 * backend then does only its writes.
 *
 * Conventions:
 * - A code or token that has expired at `nowMs` (`expires_at <= nowMs`) is refused.
 * - Replay is an attack (field notes, RFC 9700 §4.14.2): a redeemed code or a spent refresh token
 *   presented again revokes the grant it belongs to, and is refused. Except a retry (issues 23,
 *   33): a spent refresh token presented again by its client within the grace its rotation
 *   recorded, while its successor has not been presented yet, is answered with that successor,
 *   revoking nothing. Once the successor has been used, its predecessor is reuse.
 * - Revoking signs the client out (spec 4.2): either kind of token ends its whole grant, but only
 *   for the client it was issued to.
 */
import type { RedeemCodeResult, RevokeTokenResult, RotateRefreshResult, SealedSuccessor } from './auth-store.js';
import type { CodeRow } from './auth-rows.js';

/** A token row, with its grant and user, as the policy reads it (whatever the backend's flag type). */
export interface TokenState {
  readonly kind: 'access' | 'refresh';
  readonly client_id: string;
  readonly grant_id: string;
  readonly expires_at: number;
  readonly spent_at: number | null;
  readonly revoked_at: number | null;
  readonly grant_revoked_at: number | null;
  readonly userDisabled: boolean;
  /** Set when the token was rotated with a grace: its successor, sealed, kept until `grace_until`. */
  readonly successor_hash: string | null;
  readonly successor_sealed: string | null;
  readonly grace_until: number | null;
}

/**
 * How many rotations a retry follows to the live token: one. Parallel and retried renewals all
 * present the same token before any answer is used; a token presented after its successor was
 * used is not a retry but a copy (issue 33: a thief within the grace would otherwise get the live
 * token, and two parties refreshing in turn would never trip reuse detection).
 */
export const maxRetryHops = 1;

type Refusal<Result extends { outcome: string }> = Extract<Result, { outcome: 'unknown' | 'expired' | 'other_client' | 'revoked' | 'user_disabled' }>;

/**
 * What a backend does next: refuse with an outcome; revoke the grant (a replay: the answer is
 * `reused`, or `revoked` for a revocation); or go on with its writes for this row.
 */
export type Verdict<Result extends { outcome: string }, Row> =
  | { readonly action: 'refuse'; readonly result: Refusal<Result> }
  | { readonly action: 'revoke_grant'; readonly grantId: string | null }
  | { readonly action: 'proceed'; readonly row: Row };

export function decideRedeem(code: CodeRow | undefined, nowMs: number): Verdict<RedeemCodeResult, CodeRow> {
  if (!code) return { action: 'refuse', result: { outcome: 'unknown' } };
  if (code.redeemed_at !== null) return { action: 'revoke_grant', grantId: code.grant_id };
  if (code.expires_at <= nowMs) return { action: 'refuse', result: { outcome: 'expired' } };
  return { action: 'proceed', row: code };
}

/** Whether a spent token still holds its sealed successor, readable at `nowMs`. */
const inGrace = (token: TokenState, nowMs: number): boolean =>
  token.grace_until !== null && token.grace_until > nowMs && token.successor_hash !== null && token.successor_sealed !== null;

/** `retry`: a spent token within its grace; the backend reads its lineage and asks `decideRetry`. */
export function decideRotate<Row extends TokenState>(
  token: Row | undefined,
  clientId: string,
  nowMs: number,
): Verdict<RotateRefreshResult, Row> | { readonly action: 'retry'; readonly row: Row } {
  if (!token || token.kind !== 'refresh') return { action: 'refuse', result: { outcome: 'unknown' } };
  if (token.client_id !== clientId) return { action: 'refuse', result: { outcome: 'other_client' } };
  if (token.grant_revoked_at !== null || token.revoked_at !== null) return { action: 'refuse', result: { outcome: 'revoked' } };
  if (token.spent_at !== null) {
    if (!inGrace(token, nowMs)) return { action: 'revoke_grant', grantId: token.grant_id };
    if (token.userDisabled) return { action: 'refuse', result: { outcome: 'user_disabled' } };
    return { action: 'retry', row: token };
  }
  if (token.expires_at <= nowMs) return { action: 'refuse', result: { outcome: 'expired' } };
  if (token.userDisabled) return { action: 'refuse', result: { outcome: 'user_disabled' } };
  return { action: 'proceed', row: token };
}

/**
 * A retry's lineage as the backend read it: the presented token, then each successor in turn,
 * up to the first one not spent or `maxRetryHops` successors. Every spent token on the way must
 * still be within its grace; the last must be the grant's live refresh token, never presented.
 * Anything else is a replay.
 */
export function decideRetry<Row extends TokenState>(
  lineage: readonly Row[],
  nowMs: number,
):
  | { readonly action: 'refuse'; readonly result: Refusal<RotateRefreshResult> }
  | { readonly action: 'revoke_grant'; readonly grantId: string }
  | { readonly action: 'answer'; readonly links: readonly SealedSuccessor[] } {
  const [first] = lineage;
  const head = lineage[lineage.length - 1];
  if (!first || !head) throw new Error('a retry lineage starts with the presented token');
  const spent = lineage.slice(0, -1);
  if (head.spent_at !== null || head.kind !== 'refresh' || !spent.every((token) => inGrace(token, nowMs))) {
    return { action: 'revoke_grant', grantId: first.grant_id };
  }
  if (head.grant_revoked_at !== null || head.revoked_at !== null) return { action: 'refuse', result: { outcome: 'revoked' } };
  if (head.expires_at <= nowMs) return { action: 'refuse', result: { outcome: 'expired' } };
  if (head.userDisabled) return { action: 'refuse', result: { outcome: 'user_disabled' } };
  const links = spent.map((token) => ({ successorHash: token.successor_hash!, sealed: token.successor_sealed! }));
  return { action: 'answer', links };
}

/** A revocation by the client the token was issued to ends its grant; anything else changes nothing. */
export function decideRevoke(
  token: (Pick<TokenState, 'client_id' | 'grant_id'> & { readonly user_id: string }) | undefined,
  clientId: string,
):
  | { readonly action: 'refuse'; readonly result: Exclude<RevokeTokenResult, { outcome: 'revoked' }> }
  | { readonly action: 'revoke_grant'; readonly grantId: string; readonly userId: string } {
  if (!token) return { action: 'refuse', result: { outcome: 'unknown' } };
  if (token.client_id !== clientId) return { action: 'refuse', result: { outcome: 'other_client' } };
  return { action: 'revoke_grant', grantId: token.grant_id, userId: token.user_id };
}
