import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';
import { authorizeJwtClient, expectTokens, JWT_BEARER, PRIVATE_KEY_JWT_SPEC, privateKeyJwtRun, redeemWith, signAssertion, type JwtClientRun } from './private-key-jwt.js';

/**
 * One document's client: its code redeemed with an assertion addressed to the issuer, its
 * refresh token with one addressed to the token endpoint (RFC 7523 section 3 (3) allows both).
 */
async function signsInAndRefreshes(run: JwtClientRun): Promise<void> {
  const authorization = await authorizeJwtClient(run);
  const redeemed = `${run.documentUrl}: the code redeemed with a valid assertion (aud: the issuer ${run.issuer})`;
  const tokens = expectTokens(await redeemWith(authorization, await signAssertion(run)), redeemed);
  if (typeof tokens['refresh_token'] !== 'string') fail(`${redeemed}: no refresh token issued`);
  const refreshed = await authorization.client.tokenRequest({
    grant_type: 'refresh_token',
    refresh_token: tokens['refresh_token'],
    client_assertion_type: JWT_BEARER,
    client_assertion: await signAssertion(run, { aud: run.tokenEndpoint }),
  });
  cite(refreshed);
  if (refreshed.response.status !== 200) {
    fail(`${run.documentUrl}: the refresh_token grant with a valid assertion whose aud is the token endpoint ${run.tokenEndpoint} was refused: ${describeResponse(refreshed)}`);
  }
}

export const privateKeyJwtAccepted: Check = {
  id: 'private-key-jwt-accepted',
  group: 'authorization',
  title: 'A private_key_jwt client known by its metadata document (keys at jwks_uri or inline) redeems its code and refreshes with signed assertions',
  spec: PRIVATE_KEY_JWT_SPEC,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const first = await privateKeyJwtRun(ctx);
    for (const documentUrl of first.jwt.documentUrls) await signsInAndRefreshes({ ...first, documentUrl });
    return `${first.jwt.documentUrls.join(' and ')}: each redeemed its code (aud: the issuer) and refreshed (aud: the token endpoint), each with a fresh assertion`;
  },
};
