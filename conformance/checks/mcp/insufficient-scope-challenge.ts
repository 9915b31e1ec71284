import { type Check, fail, notVerified } from '../../check.js';
import { refusedInEachEra } from '../../each-era.js';
import { bearerChallenge, expectStatus } from '../../expect.js';
import type { Exchange } from '../../http.js';
import type { Target } from '../../target.js';

/**
 * The 403 tells a client what to do next: which scope it lacks and where the metadata is, so it
 * can step up instead of giving up. The contract fixes the status and body (section 5.1 rule 3);
 * the challenge is MCP's.
 */
export const insufficientScopeChallenge: Check = {
  id: 'insufficient-scope-challenge',
  group: 'mcp',
  title: 'The 403 for a token without the scope carries WWW-Authenticate: Bearer error="insufficient_scope", scope and resource_metadata',
  spec: 'MCP 2025-11-25 and 2026-07-28 basic/authorization "Runtime Insufficient Scope Errors" (SHOULD)',
  level: 'SHOULD',
  era: 'any',
  needsSignIn: false,
  async run(ctx) {
    const token = ctx.settings.foreignToken;
    if (!token) notVerified('pass --foreign-token with a valid token of another service (e.g. `survey-mcp token issue --user EMAIL --scope reporting`)');
    return refusedInEachEra(ctx, token, 'with a token of another service', (exchange, what) => expectScopeChallenge(exchange, what, ctx.target));
  },
};

function expectScopeChallenge(exchange: Exchange, what: string, target: Target): string {
  expectStatus(exchange, 403, what);
  const challenge = bearerChallenge(exchange);
  if (!challenge) fail(`${what}: the 403 has no Bearer challenge (WWW-Authenticate: ${exchange.response.headers['www-authenticate'] ?? 'absent'})`);
  if (challenge.get('error') !== 'insufficient_scope') fail(`${what}: the challenge's error is ${JSON.stringify(challenge.get('error'))}, not "insufficient_scope"`);
  if (!challenge.get('scope')) fail(`${what}: the challenge names no scope to ask for`);
  if (challenge.get('resource_metadata') !== target.protectedResourceMetadata) {
    fail(`${what}: the challenge's resource_metadata is ${JSON.stringify(challenge.get('resource_metadata'))}, not "${target.protectedResourceMetadata}"`);
  }
  return `WWW-Authenticate: ${exchange.response.headers['www-authenticate']}`;
}
