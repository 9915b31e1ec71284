/** Accounts that sign in through the company's OpenID provider only (`users sso-only`). */
export const ssoOnly = `
ALTER TABLE users ADD COLUMN sso_only BOOLEAN NOT NULL DEFAULT FALSE;
`;
