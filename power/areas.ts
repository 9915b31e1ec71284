/**
 * What runner-power mutates: the server's observable logic. Left out: the pages' static text and
 * style, the demo data, the MCP App view bundle, tests, and what a run against a single SQLite
 * `serve` never reaches (single sign-on, the Redis rate store, the PostgreSQL dialect).
 */
export const MUTATE = [
  'src/oauth/**/*.ts',
  'src/http/**/*.ts',
  'src/mcp/**/*.ts',
  'src/limits/**/*.ts',
  'src/store/auth-store.ts',
  'src/store/auth-rows.ts',
  'src/store/grant-policy.ts',
  'src/store/sqlite/auth-store.ts',
  'src/platform/access.ts',
  'src/platform/roles.ts',
  '!**/*.test.ts',
  '!src/oauth/pages/style.ts',
  '!src/oauth/pages/client-identity.ts',
  '!src/oauth/pages/connected-apps.ts',
  '!src/oauth/pages/consent.ts',
  '!src/oauth/pages/sign-in.ts',
  '!src/oauth/pages/sso-error.ts',
  '!src/oauth/pages/error.ts',
  '!src/oauth/sso/**',
  '!src/oauth/handlers/sso.ts',
  '!src/limits/redis.ts',
  '!src/mcp/results-app/view/**',
  '!src/mcp/results-app/view-html.generated.ts',
];
