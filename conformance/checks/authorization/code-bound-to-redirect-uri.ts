import { type Check } from '../../check.js';
import { expectErrorBody } from '../../expect.js';

export const codeBoundToRedirectUri: Check = {
  id: 'code-bound-to-redirect-uri',
  group: 'authorization',
  title: 'A code redeemed with another redirect_uri gets invalid_grant',
  spec: 'RFC 6749 section 4.1.3; field notes: token endpoint (code bound to redirect_uri)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { client, callback, pending } = await ctx.authorizeCode();
    const elsewhere = `${callback.origin}/not-the-callback`;
    const exchange = await client.tokenRequest({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: elsewhere,
      code_verifier: pending.codeVerifier,
      resource: client.resource,
    });
    expectErrorBody(exchange, 400, 'invalid_grant', `redeeming the code with redirect_uri ${elsewhere}`);
    return `redirect_uri ${elsewhere} got 400 invalid_grant`;
  },
};
