import type { Check } from '../../check.js';
import { missingRedirectUriBranch, missingRedirectUriRequest } from './missing-redirect-uri.js';
import { expectErrorPage, expectRedirectRefused } from './redirect-refusal.js';

export const unregisteredRedirectUriRefused: Check = {
  id: 'unregistered-redirect-uri-refused',
  group: 'authorization',
  title: 'An unregistered or missing redirect URI gets an error page, never a redirect',
  spec: 'field notes: authorization endpoint (exact match; localhost is not 127.0.0.1); OAuth 2.1 section 4.1.1; RFC 6749 sections 3.1.2.3 and 4.1.2.1',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const client = await ctx.client();
    const otherPath = new URL(client.redirectUri);
    otherPath.pathname = '/not-registered';
    const candidates = [otherPath];
    // RFC 8252 section 8.3: a name may resolve elsewhere, so localhost never stands in for an IP.
    const otherHost = new URL(client.redirectUri);
    if (['127.0.0.1', '[::1]'].includes(otherHost.hostname)) {
      otherHost.hostname = 'localhost';
      candidates.push(otherHost);
    }
    // Headless, the person has approved this client first: a remembered consent must not skip the check.
    if (ctx.settings.signIn?.kind === 'password') await ctx.session();
    const pages: string[] = [];
    for (const unregistered of candidates) pages.push(await expectRedirectRefused(ctx, client, unregistered.toString()));
    // RFC 6749 section 4.1.2.1 asks for no redirect and an error the person sees; how a client
    // asking as JSON is told is a SHOULD of unknown-client-json.
    const missing = await missingRedirectUriBranch(async () => {
      const { url, what } = await missingRedirectUriRequest(ctx);
      return expectErrorPage(ctx, url, what, (to) => `${what} was redirected to ${to.origin}${to.pathname}`);
    });
    return `error pages: ${[...pages, missing].join('; ')}`;
  },
};
