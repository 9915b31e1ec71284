import { randomPKCECodeVerifier } from 'openid-client';
import { fail, skip, type Check } from '../../check.js';
import { describeResponse, expectErrorBody } from '../../expect.js';
import { cite } from '../../http.js';

export const pkcePlainVerifierMismatch: Check = {
  id: 'pkce-plain-verifier-mismatch',
  group: 'authorization',
  title: 'A code issued for a plain challenge and redeemed with another verifier gets invalid_grant',
  spec: 'RFC 7636 section 4.6 (plain: code_verifier == code_challenge) and 4.6 (MUST refuse a mismatch with invalid_grant)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const client = await ctx.client();
    const challenge = randomPKCECodeVerifier();
    const pending = await client.beginAuthorization({ code_challenge: challenge, code_challenge_method: 'plain' });
    const outcome = await ctx.signIn().authorize(pending.url);
    if (outcome.kind !== 'callback') fail(`the authorization with a plain challenge did not come back: ${outcome.kind === 'page' ? describeResponse(outcome.exchange) : 'a sign-in was asked for'}`);
    const code = outcome.url.searchParams.get('code');
    if (code === null) skip(`the deployment does not take plain challenges (error "${outcome.url.searchParams.get('error')}"): only S256 is verified`);
    const exchange = await client.tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.redirectUri,
      code_verifier: randomPKCECodeVerifier(),
      resource: client.resource,
    });
    cite(exchange);
    expectErrorBody(exchange, 400, 'invalid_grant', 'redeeming a code issued for a plain challenge with another verifier');
    return 'a code issued for a plain challenge, redeemed with another verifier, got 400 invalid_grant';
  },
};
