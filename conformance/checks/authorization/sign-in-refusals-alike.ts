import { randomBytes } from 'node:crypto';
import { type Check, fail, notVerified } from '../../check.js';
import { CookieJar } from '../../cookie-jar.js';
import { cite, type Exchange } from '../../http.js';
import { postSignIn, waitingOutSignInRefusals } from '../../sign-in.js';
import { visibleText } from './consent-page.js';

/** What a person reads of a refused sign-in, the address they typed put aside. */
function refusalOf(exchange: Exchange, email: string): string {
  return `HTTP ${exchange.response.status}: ${visibleText(exchange.response.body).replaceAll(email, '<email>').trim()}`;
}

export const signInRefusalsAlike: Check = {
  id: 'sign-in-refusals-alike',
  group: 'authorization',
  title: 'The password form answers a wrong password and an address no account has alike',
  spec: 'docs/sign-in-security.md (the password form tells no one which addresses have accounts); a deployment may word its refusals as it likes, so a warning',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const signIn = ctx.settings.signIn;
    if (signIn?.kind !== 'password' || signIn.sso) notVerified("needs --user and --password of an account that signs in at the deployment's password form");
    const password = `wrong-${randomBytes(9).toString('base64url')}`;
    // An address of the account's own domain, so that only whether an account has it differs.
    const nobody = `conformance-nobody-${randomBytes(6).toString('hex')}@${signIn.user.split('@')[1] ?? 'example.com'}`;
    const refusal = async (email: string): Promise<string> => {
      // Earlier checks' sign-ins may have spent this address's budget for a moment: a short refusal is waited out.
      const answer = await waitingOutSignInRefusals(
        ctx.progress,
        async () => postSignIn(ctx.http, new CookieJar(), (await (await ctx.client()).beginAuthorization()).url, { user: email, password }),
        (posted) => (posted.response.status === 429 ? posted : undefined),
      );
      cite(answer);
      if (answer.response.status === 429) notVerified(`the sign-in budget refused the attempt as ${email} before its password was judged (429)`);
      return refusalOf(answer, email);
    };
    const known = await refusal(signIn.user);
    const unknown = await refusal(nobody);
    if (known !== unknown) {
      fail(`a wrong password for ${signIn.user} got ${known.slice(0, 200)}; an address no account has (${nobody}) got ${unknown.slice(0, 200)}: the answers tell which addresses have accounts`);
    }
    return `a wrong password and an address no account has both got ${known.slice(0, 160)}`;
  },
};
