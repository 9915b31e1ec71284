/** private_key_jwt clients (issue 35): each assertion's `jti` once, until the assertion expires. */
export const clientAssertionIds = `
CREATE TABLE client_assertion_ids (
  client_id TEXT COLLATE "C" NOT NULL,
  jti TEXT COLLATE "C" NOT NULL,
  expires_at BIGINT NOT NULL,
  PRIMARY KEY (client_id, jti)
);
CREATE INDEX client_assertion_ids_expires_at ON client_assertion_ids (expires_at);
`;
