import { fail, type Check } from '../../check.js';
import { refusedInEachEra } from '../../each-era.js';
import { bearerChallenge } from '../../expect.js';

export const missingTokenNoErrorCode: Check = {
  id: 'missing-token-no-error-code',
  group: 'mcp',
  title: 'A request that sends no token gets a challenge without an error code',
  spec: 'RFC 6750 section 3.1 (a request lacking any authentication SHOULD NOT get an error code or other error information)',
  level: 'SHOULD',
  era: 'any',
  needsSignIn: false,
  async run(ctx) {
    return refusedInEachEra(ctx, undefined, 'without a token', (exchange, what) => {
      const challenge = bearerChallenge(exchange);
      if (exchange.response.status !== 401 || !challenge) fail(`${what} got HTTP ${exchange.response.status} without a Bearer challenge`);
      const told = ['error', 'error_description', 'error_uri'].filter((name) => challenge.has(name));
      if (told.length > 0) {
        fail(`${what}: the challenge to a request with no token carries ${told.map((name) => `${name}="${challenge.get(name)}"`).join(', ')}`);
      }
      return `WWW-Authenticate: ${String(exchange.response.headers['www-authenticate'])}`;
    });
  },
};
