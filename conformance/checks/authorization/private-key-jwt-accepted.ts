import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';
import { authorizeJwtClient, expectTokens, JWT_BEARER, PRIVATE_KEY_JWT_SPEC, privateKeyJwtRun, redeemWith, signAssertion } from './private-key-jwt.js';

export const privateKeyJwtAccepted: Check = {
  id: 'private-key-jwt-accepted',
  group: 'authorization',
  title: 'A private_key_jwt client known by its metadata document redeems its code and refreshes with signed assertions',
  spec: PRIVATE_KEY_JWT_SPEC,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const run = await privateKeyJwtRun(ctx);
    const authorization = await authorizeJwtClient(run);
    const tokens = expectTokens(await redeemWith(run, authorization, await signAssertion(run)), 'the code redeemed with a valid assertion');
    if (typeof tokens['refresh_token'] !== 'string') return 'the code redeemed with a valid assertion (no refresh token issued)';
    const refreshed = await authorization.client.tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens['refresh_token'],
      client_assertion_type: JWT_BEARER,
      client_assertion: await signAssertion(run),
    });
    cite(refreshed);
    if (refreshed.response.status !== 200) fail(`the refresh_token grant with a valid assertion was refused: ${describeResponse(refreshed)}`);
    return `${run.jwt.documentUrl} redeemed its code and refreshed, each with a fresh assertion`;
  },
};
