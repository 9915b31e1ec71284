import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { jsonOf } from '../../http.js';
import { refreshRaw } from './experiments.js';

export const unknownRefreshTokenInvalidGrant: Check = {
  id: 'unknown-refresh-token-invalid-grant',
  group: 'authorization',
  title: 'A refresh token never issued, sent by a registered client, gets 400 invalid_grant',
  spec: 'RFC 6749 section 6 (MUST validate the refresh token) and section 5.2 (invalid_grant)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const exchange = await refreshRaw(await ctx.client(), 'conformance-never-issued-refresh-token');
    const error = (jsonOf(exchange) as { error?: unknown } | undefined)?.error;
    if (exchange.response.status !== 400 || error !== 'invalid_grant') {
      fail(`a refresh token never issued: expected 400 invalid_grant, got ${describeResponse(exchange)}`);
    }
    return 'HTTP 400 invalid_grant for a refresh token never issued';
  },
};
