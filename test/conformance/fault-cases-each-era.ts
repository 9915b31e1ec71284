import type { FaultCase } from './fault-cases.js';
import type { Faults } from './fake/faults.js';

// Small budgets keep the rate-limit case to a few seconds.
const SMALL_LIMIT = { fake: { mcpRateLimit: { limit: 5, windowMs: 2000 } }, run: { mcpRateLimit: { limit: 5, windowSeconds: 2 } } };
// Room for answers of both eras to be admitted once the era probe has taken its share.
const ROOMY_LIMIT = { fake: { mcpRateLimit: { limit: 12, windowMs: 2000 } }, run: { mcpRateLimit: { limit: 12, windowSeconds: 2 } } };

function modernOnly(check: string, group: FaultCase['group'], deployment: string, inModernEra: Faults, reason: RegExp, extra: Partial<FaultCase> = {}): FaultCase {
  return { check, group, deployment: `${deployment} in 2026-07-28 alone (its 2025-11-25 path is right)`, fake: { faults: { inModernEra }, ...extra.fake }, reason, ...(extra.run ? { run: extra.run } : {}) };
}

/**
 * Wrong dual-era deployments that break a rule binding both eras in 2026-07-28 only: each check
 * walks every era offered, so each catches the fault and names the era.
 */
export const EACH_ERA_FAULT_CASES: readonly FaultCase[] = [
  modernOnly('missing-token-401', 'mcp', 'answers 401 without WWW-Authenticate', { omitWwwAuthenticate: true }, /2026-07-28: server\/discover without a token: the 401 has no WWW-Authenticate header/),
  modernOnly('foreign-token-403', 'mcp', "answers another service's token with 401", { foreignTokenStatus: 401 }, /2026-07-28: server\/discover with a token of another service: expected HTTP 403, got HTTP 401/),
  modernOnly('expired-token-401', 'mcp', 'accepts expired tokens', { expiredTokensAccepted: true }, /2026-07-28: a request \d+ s after the token was issued: expected HTTP 401, got HTTP 200/, { fake: { accessTokenTtlSeconds: 1 } }),
  modernOnly('tool-error-not-found', 'tool-errors', 'sends tool errors as JSON-RPC errors', { modernFault: 'tool-errors-as-jsonrpc-errors' }, /2026-07-28: get_survey for "srv_conformance_\w+": came back as JSON-RPC error -32000/),
  modernOnly('revoked-access-token-401', 'revocation', 'still accepts a revoked access token', { revokedTokensAccepted: true }, /2026-07-28: the next request after revoking the access token: expected HTTP 401, got HTTP 200/),
  modernOnly('revoked-refresh-token-signs-out', 'revocation', 'still accepts the access token of a revoked refresh token', { revokedTokensAccepted: true }, /2026-07-28: the newest access token's next request after revoking the refresh token: expected HTTP 401, got HTTP 200/),
  modernOnly('mcp-rate-limit-enforced', 'rate-limits', 'does not count its requests', { mcpLimitSkipped: true }, /requests in [\d.]+ s were all admitted/, SMALL_LIMIT),
  modernOnly('no-rate-limit-headers', 'rate-limits', 'sends X-RateLimit-* headers', { rateLimitHeaders: true }, /must not carry x-ratelimit-limit, x-ratelimit-remaining/, ROOMY_LIMIT),
  modernOnly('repeated-429-shape', 'rate-limits', 'sends the error body with the first 429 in a row only', { bareRepeatRefusals: true }, /2026-07-28: refusal \d in a row: the body is not a JSON object/, SMALL_LIMIT),
  // A skip is earned like a pass: discovery that contradicts what the deployment serves fails, never skips.
  {
    check: 'initialize',
    group: 'mcp',
    deployment: 'lists 2025-11-25 in server/discover yet refuses initialize',
    fake: { faults: { modernFault: 'discover-lists-legacy' }, offers: 'modern' },
    reason: /discovery is wrong.*listing 2025-11-25, yet initialize answered HTTP 400/,
  },
];
