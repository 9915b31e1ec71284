import { randomBytes } from 'node:crypto';
import { type Check, fail, notVerified } from '../../check.js';
import { CookieJar } from '../../cookie-jar.js';
import { SetupFailed } from '../../errors.js';
import { consentPageOf, walkAuthorization } from '../../sign-in.js';

export const ssoOnlyPasswordRefused: Check = {
  id: 'sso-only-password-refused',
  group: 'authorization',
  title: 'An account that signs in with single sign-on only is not signed in by the password form, whatever the password',
  spec: "section 5.1 rule 1 (the person's platform credentials, single sign-on included: such an account has no password)",
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const email = ctx.settings.ssoOnlyEmail;
    if (!email) notVerified('needs --sso-only-email: an account of the deployment that signs in with single sign-on only');
    // Any password: an account without one has none that may match, the empty one included (a hash of '' left by provisioning).
    const passwords = [
      { password: `conformance-${randomBytes(9).toString('base64url')}`, described: 'a made-up password' },
      { password: '', described: 'an empty password' },
    ];
    const seen: string[] = [];
    for (const { password, described } of passwords) {
      const { url } = await (await ctx.client()).beginAuthorization();
      let outcome;
      try {
        outcome = await walkAuthorization(ctx.http, new CookieJar(), url, { user: email, password }, 'approve', ctx.progress);
      } catch (error) {
        if (!(error instanceof SetupFailed)) throw error;
        // The walk waited out a short refusal of the sign-in budget already; a longer one leaves the password unjudged.
        if (/too many sign-in attempts/.test(error.message)) notVerified(`the sign-in budget refused the attempt before the password was judged: ${error.message}`);
        seen.push(`the password form refused ${email} with ${described}: ${error.message.replace(/: check --user and --password$/, '')}`);
        continue;
      }
      const issued = outcome.kind === 'callback' && outcome.url.searchParams.has('code');
      if (issued || consentPageOf(outcome.exchanges)) {
        fail(`the password form signed in ${email}, an account of single sign-on only, with ${described}: ${issued ? 'a code was issued' : 'the browser reached the consent page'}`);
      }
      seen.push(`the password sign-in of ${email} with ${described} signed no one in (it ended at ${outcome.kind === 'page' ? `HTTP ${outcome.exchange.response.status} at ${outcome.exchange.request.url}` : outcome.kind})`);
    }
    return seen.join('; ');
  },
};
