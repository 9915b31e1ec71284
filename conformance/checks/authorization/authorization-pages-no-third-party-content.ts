import { fail, skip, type Check } from '../../check.js';
import { cite, header, type Exchange } from '../../http.js';
import { authorizationServerWalk } from './authorization-walk.js';

// Attributes by which a page loads something or sends the person somewhere.
const REFERENCE = /<[a-z][^>]*?\s(?:src|href|action|formaction|poster|data)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const STYLE_URL = /url\(\s*["']?([^"')\s]+)/gi;

export const authorizationPagesNoThirdPartyContent: Check = {
  id: 'authorization-pages-no-third-party-content',
  group: 'authorization',
  title: 'The sign-in and consent pages load nothing from other sites and link to none',
  spec: 'RFC 9700 section 4.2.4 (credential leakage via Referer headers)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const { origin, exchanges } = await authorizationServerWalk(ctx);
    const pages = exchanges.filter((exchange) => exchange.response.status === 200 && /html/i.test(header(exchange, 'content-type') ?? ''));
    if (pages.length === 0) skip('the authorization went through without a page the runner could read');
    cite(...pages);
    // The deployment's own hosts: the authorization server's, and the MCP host the person came from.
    const own = new Set([origin, new URL(ctx.target.baseUrl).origin]);
    const foreign = pages.flatMap((page) => references(page).filter((url) => !own.has(url.origin)).map((url) => `${new URL(page.request.url).pathname} refers to ${url.href}`));
    if (foreign.length > 0) {
      fail(`${[...new Set(foreign)].join('; ')}: another site learns the request (state included) from the Referer`);
    }
    return `${pages.length} page(s), every reference on the deployment's own origins (${[...own].join(', ')})`;
  },
};

/** The web addresses a page refers to, resolved against it; data:, mailto: and the like aside. */
function references(page: Exchange): URL[] {
  const html = page.response.body;
  const raw = [...html.matchAll(REFERENCE)].map(([, double, single, bare]) => double ?? single ?? bare ?? '');
  raw.push(...[...html.matchAll(STYLE_URL)].map(([, url]) => url ?? ''));
  return raw
    .map((value) => value.trim().replace(/&amp;/g, '&'))
    .filter((value) => URL.canParse(value, page.request.url))
    .map((value) => new URL(value, page.request.url))
    .filter((url) => url.protocol === 'https:' || url.protocol === 'http:');
}
