import { randomBytes } from 'node:crypto';
import { type Check, fail, notVerified } from '../../check.js';
import { CookieJar } from '../../cookie-jar.js';
import { retryAfterSeconds } from '../../http.js';
import { formatRateLimit } from '../../options.js';
import { waitWithProgress } from '../../progress.js';
import { postSignIn } from '../../sign-in.js';

/** Retry-After is whole seconds, and the deployment's clock starts at its receipt, not our send. */
const SLACK_MS = 1000;
/** Before any wrong password of this run is judged, a longer refusal means the account is locked already. */
const LONGEST_FIRST_WAIT_SECONDS = 60;

export const signInAccountBudget: Check = {
  id: 'sign-in-account-budget',
  group: 'authorization',
  title: 'Wrong passwords for one account, all from one address, are refused once the per-account budget the deployment documents is spent',
  spec: "the deployment's documented per-account sign-in budget (--sign-in-account-limit; survey-mcp: docs/sign-in-security.md, 5 times the per-address attempts in 15 times its window); contract section 5.1 leaves sign-in to the platform and no RFC sets a rate, so a warning",
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const rule = ctx.settings.signInAccountLimit;
    if (!rule) notVerified('needs --sign-in-account-limit N/S: the per-account sign-in budget the deployment documents');
    const signIn = ctx.settings.signIn;
    if (signIn?.kind !== 'password' || signIn.sso) notVerified("needs --user and --password of an account that signs in at the deployment's password form: its wrong passwords are what is counted");
    const email = signIn.user;
    const windowMs = rule.windowSeconds * 1000;
    // A browser that never signed in to the account: a deployment may spare its known devices.
    const jar = new CookieJar();
    let judged = 0;
    let firstAt: number | undefined;
    // Each attempt is judged or waits out a refusal; beyond this many something else refuses them all.
    for (let attempt = 1; attempt <= rule.limit * 3 + 20; attempt += 1) {
      const { url } = await (await ctx.client()).beginAuthorization();
      const answer = await postSignIn(ctx.http, jar, url, { user: email, password: `wrong-${randomBytes(9).toString('base64url')}` });
      const now = Date.now();
      if (answer.response.status !== 429) {
        judged += 1;
        firstAt ??= answer.startedAt;
        if (judged > rule.limit && now < firstAt + windowMs - SLACK_MS) {
          fail(`${judged} wrong passwords for ${email}, all from one address, were judged within ${((now - firstAt) / 1000).toFixed(1)} s (the last: HTTP ${answer.response.status}); the deployment documents a per-account budget of ${formatRateLimit(rule)}`);
        }
        if (now >= firstAt + windowMs) return `${judged} wrong passwords for ${email} were judged in the ${rule.windowSeconds} s after the first, within the budget of ${formatRateLimit(rule)} (the rest refused with 429)`;
        continue;
      }
      const seconds = retryAfterSeconds(answer) ?? 1;
      if (firstAt === undefined && seconds > LONGEST_FIRST_WAIT_SECONDS) {
        notVerified(`the sign-in of ${email} is refused already (429, Retry-After ${seconds} s) before any wrong password of this run: run again once it has passed`);
      }
      if (firstAt !== undefined && now + seconds * 1000 >= firstAt + windowMs - SLACK_MS) {
        return `after ${judged} wrong passwords for ${email} from one address, the next was refused (429, Retry-After ${seconds} s: until the first ages out of the ${rule.windowSeconds} s window)`;
      }
      await waitWithProgress(ctx.progress, 'sign-in refused for now: waiting as Retry-After asks', seconds * 1000 + 250);
    }
    notVerified(`${rule.limit * 3 + 20} attempts to sign in as ${email} with a wrong password, ${judged} of them judged: the refusals never let the budget be spent`);
  },
};
