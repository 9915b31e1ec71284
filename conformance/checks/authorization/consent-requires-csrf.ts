import { type Check, fail, notVerified, skip } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { consentPageOf } from '../../sign-in.js';

/** The approvals an attacker can post: with a CSRF token made up, and with none at all. */
const FORGERIES = [
  { decision: 'forge-csrf', described: 'a forged CSRF token' },
  { decision: 'omit-csrf', described: 'its CSRF token field left out' },
] as const;

export const consentRequiresCsrf: Check = {
  id: 'consent-requires-csrf',
  group: 'authorization',
  title: 'An approval with a forged or missing CSRF token issues no code',
  spec: 'field notes: authorization endpoint (CSRF token on the consent form)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { decide } = ctx.signIn();
    if (!decide) notVerified('with --browser the person approves; run headless (--user/--password) to forge an approval');
    const seen: string[] = [];
    for (const { decision, described } of FORGERIES) {
      const { url } = await (await ctx.client()).beginAuthorization();
      const outcome = await decide(url, decision);
      if (outcome.kind === 'callback' && !consentPageOf(outcome.exchanges)) {
        skip('the deployment went to the redirect without a consent form to forge (it remembers the approval)');
      }
      if (outcome.kind === 'callback' && outcome.url.searchParams.has('code')) {
        fail(`the consent form was approved with ${described} and a code was issued`);
      }
      seen.push(
        outcome.kind === 'page'
          ? `the approval with ${described} was refused: ${describeResponse(outcome.exchange)}`
          : `the approval with ${described} issued no code (${outcome.kind === 'callback' ? `error "${outcome.url.searchParams.get('error')}"` : 'sign-in asked again'})`,
      );
    }
    return seen.join('; ');
  },
};
