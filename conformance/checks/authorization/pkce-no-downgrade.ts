import { type Check } from '../../check.js';
import { expectErrorBody } from '../../expect.js';
import { redeemRaw } from './experiments.js';

export const pkceNoDowngrade: Check = {
  id: 'pkce-no-downgrade',
  group: 'authorization',
  title: 'A code issued for S256 does not accept the challenge itself as a plain verifier',
  spec: 'field notes: token endpoint (no PKCE downgrade)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const authorization = await ctx.authorizeCode();
    // Anyone who saw the authorization request knows the challenge; as a verifier it must fail.
    const exchange = await redeemRaw(authorization, authorization.pending.codeChallenge);
    expectErrorBody(exchange, 400, 'invalid_grant', 'redeeming an S256 code with the challenge as the verifier');
    return 'the challenge sent as a plain verifier got 400 invalid_grant';
  },
};
