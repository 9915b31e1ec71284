import { fail } from '../../check.js';
import { bearerChallenge, expectErrorBody } from '../../expect.js';
import type { Exchange } from '../../http.js';
import type { Target } from '../../target.js';

/**
 * Section 5.4: HTTP 401, `{"error": "unauthorized"}` and
 * `WWW-Authenticate: Bearer resource_metadata="{base_url}/.well-known/oauth-protected-resource"`,
 * the pointer a client follows to rediscover the authorization server.
 */
export function expectUnauthorized(exchange: Exchange, target: Target, what: string): string {
  expectErrorBody(exchange, 401, 'unauthorized', what);
  const raw = exchange.response.headers['www-authenticate'];
  if (raw === undefined) fail(`${what}: the 401 has no WWW-Authenticate header`);
  const challenge = bearerChallenge(exchange);
  if (!challenge) fail(`${what}: WWW-Authenticate is "${raw}", not a Bearer challenge`);
  const pointer = challenge.get('resource_metadata');
  if (pointer !== target.protectedResourceMetadata) {
    fail(
      `${what}: WWW-Authenticate resource_metadata is ${pointer === undefined ? 'missing' : `"${pointer}"`}, expected "${target.protectedResourceMetadata}"`,
    );
  }
  return `HTTP 401 with WWW-Authenticate: ${raw}`;
}
