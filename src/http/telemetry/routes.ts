/** The MCP host's paths as metrics and logs name them; any other path is `other`. */
export const mcpHostRoutes: ReadonlySet<string> = new Set([
  '/',
  '/register',
  '/healthz',
  '/readyz',
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
  '/.well-known/jwks.json',
]);

/** The auth host's paths, likewise. */
export const authHostRoutes: ReadonlySet<string> = new Set([
  '/',
  '/oauth/authorize',
  '/oauth/token',
  '/oauth/revoke',
  '/sign-in',
  '/sign-out',
  '/sso/start',
  '/sso/callback',
  '/account/apps',
  '/account/apps/revoke',
  '/assets/style.css',
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
]);
