import { type Check } from '../../check.js';
import { expectRedirectRefused } from './redirect-refusal.js';

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
    for (const unregistered of candidates) pages.push(await expectRedirectRefused(ctx, client, unregistered.toString()));
    return `error pages: ${pages.join('; ')}`;
  },
};
