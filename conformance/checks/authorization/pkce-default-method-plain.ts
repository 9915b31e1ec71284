import { randomPKCECodeVerifier } from 'openid-client';
import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { outcomeOf } from './authorization-outcome.js';

export const pkceDefaultMethodPlain: Check = {
  id: 'pkce-default-method-plain',
  group: 'authorization',
  title: 'A code_challenge sent without code_challenge_method is taken as plain: redeemed with itself, or refused if plain is not offered',
  spec: 'RFC 7636 section 4.3 (code_challenge_method defaults to "plain" if not present in the request)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const client = await ctx.client();
    const verifier = randomPKCECodeVerifier();
    const pending = await client.beginAuthorization({ code_challenge: verifier, code_challenge_method: undefined });
    const outcome = await ctx.signIn().authorize(pending.url);
    const ending = outcomeOf(outcome);
    if (ending === 'error invalid_request') return 'a challenge without a method was refused with invalid_request: plain is not offered';
    if (ending !== 'code' || outcome.kind !== 'callback') fail(`a challenge without a method ended in ${ending}, neither a code nor invalid_request`);
    const exchange = await client.tokenRequest({
      grant_type: 'authorization_code',
      code: outcome.url.searchParams.get('code') ?? '',
      redirect_uri: client.redirectUri,
      code_verifier: verifier,
      resource: client.resource,
    });
    if (exchange.response.status !== 200) fail(`the code of a challenge without a method, redeemed with the challenge itself (plain): ${describeResponse(exchange)}`);
    return 'a challenge without a method was taken as plain: its code redeemed with the challenge itself';
  },
};
