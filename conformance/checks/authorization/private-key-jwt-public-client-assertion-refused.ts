import type { Check } from '../../check.js';
import { expectInvalidClient, privateKeyJwtListed, redeemWith, strangerAssertion } from './private-key-jwt.js';

export const privateKeyJwtPublicClientAssertionRefused: Check = {
  id: 'private-key-jwt-public-client-assertion-refused',
  group: 'authorization',
  title: 'A client assertion sent for a public client, which has no keys to verify it with, is refused with invalid_client',
  spec: 'RFC 6749 section 4.1.3: the server authenticates the client if client authentication is included; RFC 7523 section 3: it validates the JWT',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { issuer } = await privateKeyJwtListed(ctx);
    const authorization = await ctx.authorizeCode();
    const refused = await redeemWith(authorization, await strangerAssertion(authorization.client.clientId, issuer));
    return expectInvalidClient(refused, "the runner's registered public client (token_endpoint_auth_method none) redeeming its code with a client assertion signed by a key it never published");
  },
};
