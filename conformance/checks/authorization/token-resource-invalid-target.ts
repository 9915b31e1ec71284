import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { jsonOf } from '../../http.js';

export const tokenResourceInvalidTarget: Check = {
  id: 'token-resource-invalid-target',
  group: 'authorization',
  title: 'A refresh asking for a token for another resource gets 400 invalid_target',
  spec: 'RFC 8707 section 2.2 (acceptable resources at the token endpoint are limited to those granted) and section 2 (invalid_target)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const { client, tokens } = await ctx.authorize();
    if (!tokens.refreshToken) fail('the token response carried no refresh token');
    const exchange = await client.tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
      resource: 'https://conformance.invalid/another-resource',
    });
    const body = jsonOf(exchange);
    const error = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['error'] : undefined;
    if (exchange.response.status !== 400 || error !== 'invalid_target') {
      fail(`a refresh for https://conformance.invalid/another-resource: expected 400 invalid_target, got ${describeResponse(exchange)}`);
    }
    return 'HTTP 400 invalid_target for a refresh naming another resource';
  },
};
