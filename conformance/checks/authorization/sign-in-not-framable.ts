import { fail, skip, type Check } from '../../check.js';
import { CookieJar } from '../../cookie-jar.js';
import { cite } from '../../http.js';
import { walkAuthorization } from '../../sign-in.js';
import { framingMissing } from '../../invariants/pages.js';

export const signInNotFramable: Check = {
  id: 'sign-in-not-framable',
  group: 'authorization',
  title: "The sign-in page forbids framing too: frame-ancestors 'none' and X-Frame-Options: DENY",
  spec: 'RFC 6749 section 10.13 (MUST); RFC 9700 section 4.16 (MUST, with CSP frame-ancestors SHOULD)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const { url } = await (await ctx.client()).beginAuthorization();
    // A browser with no session: the first page the person meets.
    const outcome = await walkAuthorization(ctx.http, new CookieJar(), url, undefined);
    const page = outcome.kind === 'sign-in-required' || (outcome.kind === 'page' && outcome.exchange.response.status === 200) ? outcome.exchanges.at(-1) : undefined;
    if (!page) skip(`the authorization request reached no sign-in page (it ended at ${outcome.kind === 'callback' ? 'the redirect' : 'an error page'})`);
    cite(page);
    const missing = framingMissing(page);
    if (missing.length > 0) fail(`the sign-in page lacks ${missing.join(' and ')}; another site could frame it and capture a password`);
    return "the sign-in page sends frame-ancestors 'none' and X-Frame-Options: DENY";
  },
};
