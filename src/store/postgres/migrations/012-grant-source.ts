/**
 * Enterprise-managed authorization (issue 45): a grant the company's identity provider made with
 * an ID-JAG names that provider's issuer; NULL for a grant the person approved on the consent page.
 */
export const grantSource = `
ALTER TABLE oauth_grants ADD COLUMN granted_by TEXT;
`;
