import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import type { Authorization } from '../../context.js';
import { cite, type Exchange } from '../../http.js';
import { postForm } from '../../tables/token-requests.js';
import type { FormPairs } from '../../variants/client-kinds.js';
import { authorizeJwtClient, expectTokens, JWT_BEARER, PRIVATE_KEY_JWT_SPEC, privateKeyJwtRun, redeemWith, signAssertion, type JwtClientRun } from './private-key-jwt.js';

/**
 * The refresh_token grant with a fresh assertion addressed to `aud`. Left out, client_id is
 * named by the assertion's sub alone (RFC 7521 section 4.2 makes it OPTIONAL beside one).
 */
async function refreshWith(run: JwtClientRun, authorization: Authorization, refreshToken: string, aud: string, clientId: 'sent' | 'left out' = 'sent'): Promise<Exchange> {
  const pairs: FormPairs = [
    ['grant_type', 'refresh_token'],
    ['refresh_token', refreshToken],
    ['client_assertion_type', JWT_BEARER],
    ['client_assertion', await signAssertion(run, { aud })],
  ];
  if (clientId === 'left out') return postForm(run.ctx, authorization.client.tokenEndpoint, pairs);
  const refreshed = await authorization.client.tokenRequest(pairs);
  cite(refreshed);
  return refreshed;
}

/**
 * One document's client: its code redeemed and its refresh token used with assertions addressed
 * to the issuer, which every reading of RFC 7523 section 3 (3) accepts (draft-ietf-oauth-rfc7523bis
 * keeps the issuer alone). The token endpoint URL, which the RFC says MAY be used, is tried after:
 * refused, it is a note, not a failure. Resolves to what the token endpoint audience got.
 */
async function signsInAndRefreshes(run: JwtClientRun): Promise<string> {
  const authorization = await authorizeJwtClient(run);
  const redeemed = `${run.documentUrl}: the code redeemed with a valid assertion (aud: the issuer ${run.issuer})`;
  const tokens = expectTokens(await redeemWith(authorization, await signAssertion(run)), redeemed);
  if (typeof tokens['refresh_token'] !== 'string') fail(`${redeemed}: no refresh token issued`);
  const refreshedWhat = `${run.documentUrl}: the refresh_token grant with a valid assertion (aud: the issuer ${run.issuer}) and no client_id, which the assertion's sub names`;
  const refreshed = expectTokens(await refreshWith(run, authorization, tokens['refresh_token'], run.issuer, 'left out'), refreshedWhat);
  const next = typeof refreshed['refresh_token'] === 'string' ? refreshed['refresh_token'] : tokens['refresh_token'];
  const byEndpoint = await refreshWith(run, authorization, next, run.tokenEndpoint);
  return byEndpoint.response.status === 200
    ? 'the token endpoint audience accepted too'
    : `issuer-only audience (the token endpoint ${run.tokenEndpoint} as aud got ${describeResponse(byEndpoint)}, which RFC 7523 allows)`;
}

export const privateKeyJwtAccepted: Check = {
  id: 'private-key-jwt-accepted',
  group: 'authorization',
  title: 'A private_key_jwt client known by its metadata document (keys at jwks_uri or inline) redeems its code and refreshes with signed assertions addressed to the issuer, client_id left out once',
  spec: PRIVATE_KEY_JWT_SPEC,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const first = await privateKeyJwtRun(ctx);
    const notes: string[] = [];
    for (const documentUrl of first.jwt.documentUrls) notes.push(`${documentUrl}: ${await signsInAndRefreshes({ ...first, documentUrl })}`);
    return `each redeemed its code and refreshed (aud: the issuer, no client_id), each with a fresh assertion; ${notes.join('; ')}`;
  },
};
