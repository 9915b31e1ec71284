import { type Check } from '../../check.js';
import { expectRedirectRefused } from './redirect-refusal.js';

export const redirectUriExactMatch: Check = {
  id: 'redirect-uri-exact-match',
  group: 'authorization',
  title: 'A redirect URI that only resembles the registered one is refused: no prefix, case, encoding or user leeway',
  spec: 'RFC 9700 sections 2.1 and 4.1.3 (exact string matching, RFC 3986 section 6.2.1)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const client = await ctx.client();
    const pages: string[] = [];
    for (const variant of resemblances(client.redirectUri)) pages.push(await expectRedirectRefused(ctx, client, variant));
    return `error pages: ${pages.join('; ')}`;
  },
};

/**
 * URIs a pattern or normalising matcher takes for the registered one, each differing from it as a
 * string: a longer path, an added query, another case, a percent-encoded letter, a user.
 * (The port of a loopback URI may vary, RFC 8252 section 7.3, so it is left alone.)
 */
function resemblances(registered: string): string[] {
  const url = new URL(registered);
  const longer = new URL(registered);
  longer.pathname = `${url.pathname.replace(/\/$/, '')}/conformance`;
  const withQuery = new URL(registered);
  withQuery.searchParams.append('next', 'https://conformance.invalid/');
  const withUser = new URL(registered);
  withUser.username = 'conformance';
  const variants = [longer.toString(), withQuery.toString(), withUser.toString()];
  const upper = url.pathname.toUpperCase();
  if (upper !== url.pathname) variants.push(registered.replace(url.pathname, upper));
  const letter = /[a-z]/i.exec(url.pathname);
  if (letter) {
    const encoded = `${url.pathname.slice(0, letter.index)}%${letter[0].charCodeAt(0).toString(16).toUpperCase()}${url.pathname.slice(letter.index + 1)}`;
    variants.push(registered.replace(url.pathname, encoded));
  }
  return variants;
}
