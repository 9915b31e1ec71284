/** OAuth clients, grants, codes, tokens and sign-in sessions; list-valued client fields are TEXT[]. */
export const auth = `
CREATE TABLE oauth_clients (
  id TEXT COLLATE "C" PRIMARY KEY,
  registration_key TEXT COLLATE "C" NOT NULL UNIQUE,
  name TEXT COLLATE "C" NOT NULL,
  redirect_uris TEXT[] NOT NULL,
  grant_types TEXT[] NOT NULL,
  response_types TEXT[] NOT NULL,
  scope TEXT COLLATE "C" NOT NULL,
  created_at BIGINT NOT NULL
);

CREATE TABLE oauth_grants (
  id TEXT COLLATE "C" PRIMARY KEY,
  user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id TEXT COLLATE "C" NOT NULL REFERENCES oauth_clients(id) ON DELETE CASCADE,
  scope TEXT COLLATE "C" NOT NULL,
  created_at BIGINT NOT NULL,
  revoked_at BIGINT
);
CREATE INDEX oauth_grants_by_user ON oauth_grants (user_id, client_id);

CREATE TABLE oauth_codes (
  code_hash TEXT COLLATE "C" PRIMARY KEY,
  client_id TEXT COLLATE "C" NOT NULL REFERENCES oauth_clients(id) ON DELETE CASCADE,
  user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  redirect_uri TEXT COLLATE "C" NOT NULL,
  scope TEXT COLLATE "C" NOT NULL,
  code_challenge TEXT COLLATE "C" NOT NULL,
  code_challenge_method TEXT COLLATE "C" NOT NULL CHECK (code_challenge_method IN ('S256', 'plain')),
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  redeemed_at BIGINT,
  grant_id TEXT COLLATE "C" REFERENCES oauth_grants(id) ON DELETE SET NULL
);

CREATE TABLE oauth_tokens (
  token_hash TEXT COLLATE "C" PRIMARY KEY,
  kind TEXT COLLATE "C" NOT NULL CHECK (kind IN ('access', 'refresh')),
  grant_id TEXT COLLATE "C" NOT NULL REFERENCES oauth_grants(id) ON DELETE CASCADE,
  scope TEXT COLLATE "C" NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  spent_at BIGINT,
  revoked_at BIGINT
);
CREATE INDEX oauth_tokens_by_grant ON oauth_tokens (grant_id);

CREATE TABLE sign_in_sessions (
  session_hash TEXT COLLATE "C" PRIMARY KEY,
  user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
`;
