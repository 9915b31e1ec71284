import { type Check } from '../../check.js';
import { expectErrorBody } from '../../expect.js';

export const revokeErrorResponse: Check = {
  id: 'revoke-error-response',
  group: 'revocation',
  title: 'A revocation request without a token is refused with 400 and a JSON invalid_request',
  spec: 'RFC 7009 section 2.1 (token is REQUIRED) and 2.2.1 (errors as in RFC 6749 section 5.2)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const client = await ctx.client();
    // Not an invalid token (that one is answered 200) but a malformed request: nothing to revoke.
    const exchange = await client.revocationRequest({ token_type_hint: 'access_token' });
    expectErrorBody(exchange, 400, 'invalid_request', 'a revocation request without a token');
    return 'a revocation request without a token got 400 invalid_request';
  },
};
