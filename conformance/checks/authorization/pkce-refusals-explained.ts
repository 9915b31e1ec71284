import { type Check, fail, notVerified } from '../../check.js';

/** The PKCE refusals of RFC 7636 section 4.4.1, each with the explanation the RFC gives as example. */
const REFUSALS: ReadonlyArray<readonly [string, Readonly<Record<string, string | undefined>>]> = [
  ['a request without code_challenge', { code_challenge: undefined, code_challenge_method: undefined }],
  ['a request with code_challenge_method S512', { code_challenge_method: 'S512' }],
];

export const pkceRefusalsExplained: Check = {
  id: 'pkce-refusals-explained',
  group: 'authorization',
  title: 'A PKCE refusal sent back to the client explains itself in error_description or error_uri',
  spec: 'RFC 7636 section 4.4.1 (the error_description or the response of error_uri SHOULD explain the nature of the error)',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const client = await ctx.client();
    const explained: string[] = [];
    for (const [what, overrides] of REFUSALS) {
      const outcome = await ctx.probe((await client.beginAuthorization(overrides)).url);
      if (outcome.kind === 'sign-in-required') notVerified(`the deployment asks for a sign-in before judging ${what}; run headless (--user/--password)`);
      // An error page explains itself to the person; whether there is a refusal at all is pkce-required's.
      if (outcome.kind !== 'callback' || outcome.url.searchParams.get('error') !== 'invalid_request') continue;
      const description = outcome.url.searchParams.get('error_description') || outcome.url.searchParams.get('error_uri');
      if (!description) fail(`${what}: refused with invalid_request but neither error_description nor error_uri says why`);
      explained.push(`${what}: "${description}"`);
    }
    return explained.length > 0 ? explained.join('; ') : 'no PKCE refusal came back to the client to read';
  },
};
