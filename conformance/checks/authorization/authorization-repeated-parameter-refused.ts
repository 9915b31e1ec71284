import { type Check, fail, notVerified } from '../../check.js';
import { errorCodeProblem } from './error-redirect.js';

export const authorizationRepeatedParameterRefused: Check = {
  id: 'authorization-repeated-parameter-refused',
  group: 'authorization',
  title: 'An authorization request that repeats a parameter is refused: invalid_request back to the client, or an error page',
  spec: 'RFC 6749 section 3.1 (parameters MUST NOT be included more than once) and 4.1.2.1 (invalid_request: includes a parameter more than once)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const client = await ctx.client();
    const pending = await client.beginAuthorization();
    // Twice the same value, so only the repetition itself is wrong.
    pending.url.searchParams.append('code_challenge_method', 'S256');
    const outcome = await ctx.probe(pending.url);
    if (outcome.kind === 'sign-in-required') notVerified('the deployment asks for a sign-in before judging the request; run headless (--user/--password)');
    // A deployment that trusts none of a request with a repeated parameter, its redirect URI
    // included, may stop at a page: safer than section 4.1.2.1's redirect, and still a refusal.
    if (outcome.kind === 'page' && outcome.exchange.response.status >= 400) {
      return `code_challenge_method given twice: HTTP ${outcome.exchange.response.status} error page`;
    }
    const problem = errorCodeProblem(outcome, 'invalid_request');
    if (problem) fail(`code_challenge_method given twice: ${problem}`);
    return 'code_challenge_method given twice: redirected back with invalid_request';
  },
};
