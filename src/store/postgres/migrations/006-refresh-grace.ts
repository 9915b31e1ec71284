/**
 * Refresh retries (issue 23): a rotated refresh token keeps its successor's hash and, until
 * `grace_until`, the successor sealed under a key only the spent token's holder can derive. The
 * partial index finds the seals whose grace has passed, so each rotation can clear them.
 */
export const refreshGrace = `
ALTER TABLE oauth_tokens ADD COLUMN successor_hash TEXT COLLATE "C";
ALTER TABLE oauth_tokens ADD COLUMN successor_sealed TEXT COLLATE "C";
ALTER TABLE oauth_tokens ADD COLUMN grace_until BIGINT;
CREATE INDEX oauth_tokens_sealed_until ON oauth_tokens (grace_until) WHERE successor_sealed IS NOT NULL;
`;
