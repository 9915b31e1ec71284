import { calculatePKCECodeChallenge, randomPKCECodeVerifier } from 'openid-client';
import { fail, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { describeResponse, expectStatus, expectJsonObject } from '../../expect.js';

/** Verifiers RFC 7636 section 4.1 does not allow (or none), each sent for a challenge made from the verifier that should have been. */
const MALFORMED: ReadonlyArray<readonly [string, () => { made: string; sent: string | undefined }]> = [
  ['a 42-character verifier', () => same(randomPKCECodeVerifier().slice(0, 42))],
  ['a verifier with "+" and "/"', () => same(`${randomPKCECodeVerifier().slice(0, 41)}+/`)],
  ['a 129-character verifier', () => same(randomPKCECodeVerifier().repeat(4).slice(0, 129))],
  ['no verifier', () => ({ made: randomPKCECodeVerifier(), sent: undefined })],
];

function same(verifier: string) {
  return { made: verifier, sent: verifier };
}

/** Approves a request whose S256 challenge is the hash of `made`, and redeems its code with `sent`. */
async function redeemWith(ctx: CheckContext, made: string, sent: string | undefined, what: string) {
  const client = await ctx.client();
  const pending = await client.beginAuthorization({ code_challenge: await calculatePKCECodeChallenge(made) });
  const outcome = await ctx.signIn().authorize(pending.url);
  const code = outcome.kind === 'callback' ? outcome.url.searchParams.get('code') : null;
  if (outcome.kind !== 'callback' || code === null) {
    fail(`${what}: the authorization for its challenge returned no code (${outcome.kind === 'page' ? describeResponse(outcome.exchange) : outcome.kind === 'callback' ? outcome.url.search : 'a sign-in was asked for'})`);
  }
  const fields = { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, resource: client.resource };
  return client.tokenRequest(sent === undefined ? fields : { ...fields, code_verifier: sent });
}

export const pkceVerifierFormRefused: Check = {
  id: 'pkce-verifier-form-refused',
  group: 'authorization',
  title: 'A code redeemed without a code_verifier, or with one shorter than 43 or longer than 128 characters or outside the unreserved characters, is refused',
  spec: 'RFC 7636 section 4.1 (code-verifier = 43*128unreserved), 4.5 (code_verifier REQUIRED) and 4.6',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    for (const [what, make] of MALFORMED) {
      const { made, sent } = make();
      const exchange = await redeemWith(ctx, made, sent, what);
      expectStatus(exchange, 400, `redeeming a code with ${what}`);
      const error = expectJsonObject(exchange, `redeeming a code with ${what}`)['error'];
      if (error !== 'invalid_grant' && error !== 'invalid_request') fail(`redeeming a code with ${what}: error ${JSON.stringify(error)}, expected "invalid_request" or "invalid_grant"`);
    }
    return 'a 42-character verifier, a 129-character one and one with "+" and "/" (each matching its challenge), and no verifier at all, were refused';
  },
};
