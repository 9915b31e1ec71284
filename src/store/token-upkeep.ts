/** How many rows one purge deleted, by table. */
export interface PurgedRows {
  readonly tokens: number;
  readonly codes: number;
  readonly grants: number;
  readonly ssoAttempts: number;
  readonly sessions: number;
  readonly metadataCopies: number;
}

/**
 * Rows that can no longer be used, deleted on a schedule so the auth tables stay bounded. A spent
 * refresh token is kept until its own expiry: presented again, it is what reveals a stolen copy.
 * A revoked token is kept `revokedRetentionMs`, so a client still gets "revoked" for a while.
 */
export interface TokenUpkeepStore {
  /** The grant a refresh token (spent or live) belongs to, for that grant's rate budget. */
  grantOfRefreshToken(tokenHash: string): Promise<string | undefined>;
  purgeUnusableRows(nowMs: number): Promise<PurgedRows>;
}

export const revokedRetentionMs = 60 * 1000;
/**
 * An expired code is kept ten minutes: a late redemption still hears "expired", not "unknown", and
 * a replay in that time still revokes what the code issued (RFC 6749 4.1.2).
 */
export const expiredCodeRetentionMs = 10 * 60 * 1000;

type PurgeArgument = 'now' | 'revokedBefore' | 'codesExpiredBefore';

/** The statements, one per table, shared by both dialects, with what each `$n` stands for in order. */
export const purgeStatements: Readonly<Record<keyof PurgedRows, readonly [string, readonly PurgeArgument[]]>> = {
  tokens: ['DELETE FROM oauth_tokens WHERE expires_at <= $1 OR revoked_at <= $2', ['now', 'revokedBefore']],
  codes: ['DELETE FROM oauth_codes WHERE expires_at <= $1', ['codesExpiredBefore']],
  grants: [
    'DELETE FROM oauth_grants WHERE revoked_at <= $1 AND NOT EXISTS (SELECT 1 FROM oauth_tokens t WHERE t.grant_id = oauth_grants.id)',
    ['revokedBefore'],
  ],
  ssoAttempts: ['DELETE FROM sso_attempts WHERE expires_at <= $1', ['now']],
  sessions: ['DELETE FROM sign_in_sessions WHERE expires_at <= $1', ['now']],
  metadataCopies: ['DELETE FROM client_metadata_copies WHERE stale_until <= $1', ['now']],
};

/** The values of a purge at `nowMs`. */
export const purgeArguments = (nowMs: number): Record<PurgeArgument, number> => ({
  now: nowMs,
  revokedBefore: nowMs - revokedRetentionMs,
  codesExpiredBefore: nowMs - expiredCodeRetentionMs,
});

export const grantOfRefreshTokenSql = "SELECT grant_id FROM oauth_tokens WHERE token_hash = $1 AND kind = 'refresh'";
