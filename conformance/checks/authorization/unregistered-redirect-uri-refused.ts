import { fail, skip, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';

export const unregisteredRedirectUriRefused: Check = {
  id: 'unregistered-redirect-uri-refused',
  group: 'authorization',
  title: 'An unregistered redirect URI gets an error page, never a redirect',
  spec: 'field notes: authorization endpoint (exact match; localhost is not 127.0.0.1); OAuth 2.1 section 4.1.1',
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
    const pages: string[] = [];
    for (const unregistered of candidates) {
      const { url } = await client.beginAuthorization({ redirect_uri: unregistered.toString() });
      const outcome = await ctx.probe(url);
      switch (outcome.kind) {
        case 'sign-in-required':
          skip('the deployment asks for a sign-in before judging the redirect URI; run headless (--user/--password)');
        case 'callback':
          fail(`the deployment redirected to the unregistered ${unregistered.toString()}: an open redirect`);
        case 'page':
          if (outcome.exchange.response.status < 400) {
            fail(`expected an error page for the unregistered ${unregistered.toString()}, got ${describeResponse(outcome.exchange)}`);
          }
          pages.push(`HTTP ${outcome.exchange.response.status} for ${unregistered.toString()}`);
      }
    }
    return `error pages: ${pages.join('; ')}`;
  },
};
