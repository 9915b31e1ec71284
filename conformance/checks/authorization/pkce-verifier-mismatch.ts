import { randomPKCECodeVerifier } from 'openid-client';
import { type Check } from '../../check.js';
import { expectErrorBody } from '../../expect.js';
import { redeemRaw } from './experiments.js';

export const pkceVerifierMismatch: Check = {
  id: 'pkce-verifier-mismatch',
  group: 'authorization',
  title: 'A code redeemed with the wrong PKCE verifier gets invalid_grant',
  spec: 'section 5.3 step 4 (RFC 7636 section 4.6)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const authorization = await ctx.authorizeCode();
    const exchange = await redeemRaw(authorization, randomPKCECodeVerifier());
    expectErrorBody(exchange, 400, 'invalid_grant', 'redeeming a code with another verifier');
    return 'another verifier got 400 invalid_grant';
  },
};
