import { hash, randomBytes } from 'node:crypto';
import type { AccessTokenRecord, AuthStore, NewToken } from '../store/auth-store.js';

/** The only scope the MCP endpoint accepts; other platform services' tokens carry their own. */
export const mcpScope = 'mcp_customer';

export const refreshTokenTtlMs = 30 * 24 * 60 * 60 * 1000;
export const authorizationCodeTtlMs = 60 * 1000;

/** An opaque 256-bit random secret, base64url (43 characters). */
export const mintSecret = (): string => randomBytes(32).toString('base64url');

/** Secrets are stored and looked up only by this hash. */
export const hashSecret = (secret: string): string => hash('sha256', secret, 'hex');

/** A freshly minted token: the secret to hand out once and the record to store. */
export interface MintedToken {
  readonly secret: string;
  readonly stored: NewToken;
}

export function mintToken(kind: NewToken['kind'], nowMs: number, ttlMs: number): MintedToken {
  const secret = mintSecret();
  return { secret, stored: { tokenHash: hashSecret(secret), kind, expiresAt: nowMs + ttlMs } };
}

export type AccessTokenCheck =
  | { ok: true; userId: string; clientId: string; scope: string; grantId: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'user_disabled' };

/**
 * Checks a bearer token against its live grant, client and user (one store query), on every
 * request, so a revocation or a disabled account takes effect on the very next call.
 * The caller decides on scope: a valid token of another service is a 403, not a 401.
 */
export async function verifyAccessToken(store: AuthStore, token: string, nowMs: number): Promise<AccessTokenCheck> {
  return accessTokenCheck(await store.findAccessToken(hashSecret(token)), nowMs);
}

/** The verdict on a token's stored record (undefined: no such access token) at `nowMs`. */
export function accessTokenCheck(record: AccessTokenRecord | undefined, nowMs: number): AccessTokenCheck {
  if (!record) return { ok: false, reason: 'unknown' };
  if (record.revoked) return { ok: false, reason: 'revoked' };
  if (record.expiresAt <= nowMs) return { ok: false, reason: 'expired' };
  if (record.userDisabled) return { ok: false, reason: 'user_disabled' };
  return { ok: true, userId: record.userId, clientId: record.clientId, scope: record.scope, grantId: record.grantId };
}
