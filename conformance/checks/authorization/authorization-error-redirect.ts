import { type Check, fail, notVerified } from '../../check.js';
import { errorRedirectProblem } from './error-redirect.js';

/** Each error an authorization request can make once client and redirect URI are valid. */
const BRANCHES: readonly {
  readonly what: string;
  readonly overrides: Readonly<Record<string, string | undefined>>;
  readonly errors: readonly string[];
}[] = [
  { what: 'no code_challenge', overrides: { code_challenge: undefined, code_challenge_method: undefined }, errors: ['invalid_request'] },
  { what: 'code_challenge_method S512', overrides: { code_challenge_method: 'S512' }, errors: ['invalid_request'] },
  // A plain challenge is the verifier itself, so RFC 7636 section 4.1 bounds it: 43-128 characters.
  { what: 'a 10-character plain challenge', overrides: { code_challenge: 'tooshort10', code_challenge_method: 'plain' }, errors: ['invalid_request'] },
  { what: 'scope conformance-unknown-scope', overrides: { scope: 'conformance-unknown-scope' }, errors: ['invalid_scope'] },
  { what: 'response_type token', overrides: { response_type: 'token' }, errors: ['unsupported_response_type'] },
  { what: 'no response_type', overrides: { response_type: undefined }, errors: ['invalid_request', 'unsupported_response_type'] },
];

export const authorizationErrorRedirect: Check = {
  id: 'authorization-error-redirect',
  group: 'authorization',
  title: 'Every refused authorization request redirects back with its error, the exact state and iss',
  spec: 'RFC 6749 section 4.1.2.1; RFC 9207 section 2; field notes: authorization endpoint',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const client = await ctx.client();
    const problems: string[] = [];
    for (const branch of BRANCHES) {
      const pending = await client.beginAuthorization(branch.overrides);
      // The client library fills in response_type=code; a branch that leaves a parameter out means it.
      for (const [name, value] of Object.entries(branch.overrides)) if (value === undefined) pending.url.searchParams.delete(name);
      const outcome = await ctx.probe(pending.url);
      if (outcome.kind === 'sign-in-required') {
        notVerified('the deployment asks for a sign-in before judging the request; run headless (--user/--password)');
      }
      const problem = errorRedirectProblem(outcome, pending, branch.errors, ctx.target.baseUrl);
      if (problem) problems.push(`${branch.what}: ${problem}`);
    }
    if (problems.length > 0) fail(problems.join('; '));
    return `${BRANCHES.length} refused requests each redirected back with the right error, state and iss`;
  },
};
