import { type Check, fail, notVerified, skip } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { consentPageOf } from '../../sign-in.js';

export const consentRequiresCsrf: Check = {
  id: 'consent-requires-csrf',
  group: 'authorization',
  title: 'An approval with a forged CSRF token issues no code',
  spec: 'field notes: authorization endpoint (CSRF token on the consent form)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { decide } = ctx.signIn();
    if (!decide) notVerified('with --browser the person approves; run headless (--user/--password) to forge an approval');
    const { url } = await (await ctx.client()).beginAuthorization();
    const outcome = await decide(url, 'forge-csrf');
    if (outcome.kind === 'callback' && !consentPageOf(outcome.exchanges)) {
      skip('the deployment went to the redirect without a consent form to forge (it remembers the approval)');
    }
    if (outcome.kind === 'callback' && outcome.url.searchParams.has('code')) {
      fail('the consent form was approved with a forged CSRF token and a code was issued');
    }
    if (outcome.kind === 'page') return `the forged approval was refused: ${describeResponse(outcome.exchange)}`;
    return `the forged approval issued no code (${outcome.kind === 'callback' ? `error "${outcome.url.searchParams.get('error')}"` : 'sign-in asked again'})`;
  },
};
