import { type Check, fail, notVerified } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { FOREIGN_RETURN_ADDRESS } from '../../sign-in.js';

export const signInReturnStaysHome: Check = {
  id: 'sign-in-return-stays-home',
  group: 'authorization',
  title: "A sign-in whose form's address fields were pointed at another site does not send the browser there",
  spec: 'MCP 2026-07-28 basic/authorization/security-considerations "Open Redirection"; RFC 9700 section 4.11 (open redirectors)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { signInReturningElsewhere } = ctx.signIn();
    if (!signInReturningElsewhere) notVerified('with --browser the person signs in; run headless (--user/--password) to alter the sign-in form');
    const { url } = await (await ctx.client()).beginAuthorization();
    const outcome = await signInReturningElsewhere(url);
    if (outcome.kind === 'callback' && outcome.url.origin === new URL(FOREIGN_RETURN_ADDRESS).origin) {
      fail(`after the sign-in, the deployment redirected the browser to ${outcome.url.toString()}, the address put in its form's hidden fields: an open redirect`);
    }
    if (outcome.kind === 'page') return `the altered sign-in ended at ${describeResponse(outcome.exchange)}, not at ${FOREIGN_RETURN_ADDRESS}`;
    return `the altered sign-in ended at ${outcome.kind}, not at ${FOREIGN_RETURN_ADDRESS}`;
  },
};
