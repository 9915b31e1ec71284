import { type Check, fail, notVerified } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { consentPageOf } from '../../sign-in.js';

export const signInRequiresCsrf: Check = {
  id: 'sign-in-requires-csrf',
  group: 'authorization',
  title: 'A sign-in posted with a forged CSRF token signs no one in',
  spec: 'RFC 6749 section 10.12 (MUST protect the authorization endpoint against CSRF: here login CSRF)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { forgeSignIn } = ctx.signIn();
    if (!forgeSignIn) notVerified('with --browser the person signs in; run headless (--user/--password) to forge a sign-in');
    const { url } = await (await ctx.client()).beginAuthorization();
    const outcome = await forgeSignIn(url);
    const issued = outcome.kind === 'callback' && outcome.url.searchParams.has('code');
    if (issued || consentPageOf(outcome.exchanges)) {
      fail(`the sign-in form was accepted with a forged CSRF token: the browser was signed in and ${issued ? 'a code was issued' : 'reached the consent page'}`);
    }
    if (outcome.kind === 'page') return `the forged sign-in was refused: ${describeResponse(outcome.exchange)}`;
    return `the forged sign-in signed no one in (it ended at ${outcome.kind})`;
  },
};
