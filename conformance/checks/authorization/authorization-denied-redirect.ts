import { type Check, notVerified, skip } from '../../check.js';
import { consentPageOf } from '../../sign-in.js';
import { expectErrorRedirect } from './error-redirect.js';

export const authorizationDeniedRedirect: Check = {
  id: 'authorization-denied-redirect',
  group: 'authorization',
  title: 'A person who refuses is sent back with access_denied, the exact state and iss',
  spec: 'section 5.3 step 3; RFC 6749 section 4.1.2.1; RFC 9207 section 2',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { decide } = ctx.signIn();
    if (!decide) notVerified('with --browser the person decides; run headless (--user/--password) to refuse on their behalf');
    const pending = await (await ctx.client()).beginAuthorization();
    const outcome = await decide(pending.url, 'refuse');
    if (outcome.kind === 'callback' && !consentPageOf(outcome.exchanges)) {
      skip('the deployment went to the redirect without a consent form to refuse (it remembers the approval)');
    }
    return expectErrorRedirect(outcome, pending, ['access_denied'], ctx.target.baseUrl, 'refusing on the consent page');
  },
};
