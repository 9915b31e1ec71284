import { fail, type Check } from '../../check.js';
import { expectIssued, ID_JAG_SPEC, idJagRun, mintIdJag, redeem } from './id-jag.js';

export const idJagNoRefreshToken: Check = {
  id: 'id-jag-no-refresh-token',
  group: 'id-jag',
  title: 'An ID-JAG is redeemed for an access token alone: no refresh token, so each new token goes back through the identity provider',
  spec: `${ID_JAG_SPEC}: the resource authorization server SHOULD NOT return a refresh token`,
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const run = await idJagRun(ctx);
    const body = expectIssued(await redeem(run, await mintIdJag(run)), 'a valid ID-JAG');
    if (body['refresh_token'] !== undefined) fail('the answer carries a refresh_token: the grant would outlive the identity provider\'s decision');
    return 'an access token and no refresh token';
  },
};
