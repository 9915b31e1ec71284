import { type Check } from '../../check.js';
import { expectStatus } from '../../expect.js';
import { expectUnauthorized } from '../shared/unauthorized.js';
import { tokenInUse } from './revocation.js';
import { tryToken } from '../../eras.js';

export const revokeUnknownHintIgnored: Check = {
  id: 'revoke-unknown-hint-ignored',
  group: 'revocation',
  title: 'A token revoked with a token_type_hint the deployment does not know is revoked all the same, with 200',
  spec: 'RFC 7009 section 2.2 (an invalid token type hint value is ignored and does not influence the revocation response)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { client, tokens } = await ctx.authorize();
    await tokenInUse(ctx, tokens.accessToken, 'the new access token');
    const revocation = await client.revocationRequest({ token: tokens.accessToken, token_type_hint: 'conformance_unknown_hint' });
    expectStatus(revocation, 200, 'revoking the access token with token_type_hint=conformance_unknown_hint');
    const after = await tryToken(ctx, tokens.accessToken, { waitOutRateLimit: false });
    return expectUnauthorized(after, ctx.target, 'the next request after revoking the access token with an unknown hint');
  },
};
