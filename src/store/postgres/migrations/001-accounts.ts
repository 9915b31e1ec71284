/**
 * Every text column is COLLATE "C": SQLite compares text bytewise, and so must ORDER BY, keyset
 * comparisons and ILIKE here, for both backends to list and page in the same order.
 */
export const accounts = `
CREATE TABLE users (
  id TEXT COLLATE "C" PRIMARY KEY,
  email TEXT COLLATE "C" NOT NULL,
  email_key TEXT COLLATE "C" NOT NULL CONSTRAINT users_email_key UNIQUE,
  name TEXT COLLATE "C" NOT NULL,
  password_hash TEXT COLLATE "C" NOT NULL,
  disabled BOOLEAN NOT NULL DEFAULT FALSE,
  created_at BIGINT NOT NULL
);
`;
