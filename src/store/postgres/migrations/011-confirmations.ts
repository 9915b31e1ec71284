/**
 * Confirmations (issue 37): each sealed confirmation's id once, until it expires; and the key the
 * confirmations are sealed under, made by the first instance that needs it and read by the rest.
 */
export const confirmations = `
CREATE TABLE confirmation_uses (
  id TEXT COLLATE "C" PRIMARY KEY,
  expires_at BIGINT NOT NULL
);
CREATE INDEX confirmation_uses_expires_at ON confirmation_uses (expires_at);
CREATE TABLE server_keys (
  name TEXT COLLATE "C" PRIMARY KEY,
  key TEXT NOT NULL
);
`;
