import { type Check } from '../../check.js';
import { expectErrorBody } from '../../expect.js';
import { secondClient } from './experiments.js';

export const codeBoundToClient: Check = {
  id: 'code-bound-to-client',
  group: 'authorization',
  title: 'A code redeemed by another client gets invalid_grant',
  spec: 'RFC 6749 sections 4.1.2 and 4.1.3; field notes: token endpoint (code bound to client_id)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const other = await secondClient(ctx);
    const { callback, pending } = await ctx.authorizeCode();
    const exchange = await other.tokenRequest({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: `${callback.origin}${callback.pathname}`,
      code_verifier: pending.codeVerifier,
      resource: other.resource,
    });
    expectErrorBody(exchange, 400, 'invalid_grant', "redeeming the runner's code as another client, with the right verifier");
    return 'another client redeeming the code got 400 invalid_grant';
  },
};
