/**
 * Single sign-on held server-side (issue 33): each sign-in at the provider is a row until its
 * callback takes it (one use, keyed by the hash of the browser's cookie), and the provider's
 * issuer and subject are kept at an account's first SSO sign-in, so a later `sub` cannot take it.
 * Token and code rows get an expiry index for the purge. The last good copy of an approved
 * client's metadata document is kept here too, so it outlives the memory cache, a restart and
 * the instance that fetched it.
 */
export const signIn = `
CREATE TABLE sso_attempts (
  attempt_hash TEXT PRIMARY KEY,
  state TEXT NOT NULL,
  nonce TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  return_to TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sso_attempts_by_expiry ON sso_attempts (expires_at);

-- The purge finds unusable token and code rows by these (store/token-upkeep.ts).
CREATE INDEX oauth_tokens_by_expiry ON oauth_tokens (expires_at);
CREATE INDEX oauth_codes_by_expiry ON oauth_codes (expires_at);

CREATE TABLE sso_identities (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  issuer TEXT NOT NULL,
  subject TEXT NOT NULL,
  linked_at INTEGER NOT NULL
);

CREATE TABLE client_metadata_copies (
  client_id TEXT PRIMARY KEY,
  client TEXT NOT NULL,
  fetched_at INTEGER NOT NULL,
  fresh_until INTEGER NOT NULL,
  stale_until INTEGER NOT NULL
);
`;
