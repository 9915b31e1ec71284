import { header, type Exchange } from '../http.js';
import type { Invariant } from './invariant.js';
import { refreshTargets } from './tokens.js';

const isHtml = (type: string | undefined): boolean => /^text\/html\b/i.test(type ?? '');

/** What a page lacks to forbid framing: frame-ancestors 'none' and X-Frame-Options: DENY (RFC 9700 section 4.16). */
export function framingMissing(page: Exchange): string[] {
  const policy = header(page, 'content-security-policy') ?? '';
  const frameOptions = header(page, 'x-frame-options') ?? '';
  const missing: string[] = [];
  if (!/(^|;)\s*frame-ancestors\s+'none'\s*(;|$)/i.test(policy)) missing.push(`Content-Security-Policy frame-ancestors 'none' (got "${policy}")`);
  if (!/^\s*deny\s*$/i.test(frameOptions)) missing.push(`X-Frame-Options: DENY (got "${frameOptions}")`);
  return missing;
}

/**
 * RFC 6749 section 10.13: a page the person acts on (one with a form: sign-in, consent, any the
 * deployment adds) cannot be framed by another site; the runner judges every such page it meets.
 */
export const authPagesNotFramable: Invariant = {
  id: 'auth-pages-not-framable',
  title: "Every auth-host page with a form forbids framing: frame-ancestors 'none' and X-Frame-Options: DENY",
  requirement: 'rfc6749-10.13-clickjacking',
  era: 'any',
  applies: (x) => x.host === 'auth' && isHtml(header(x.exchange, 'content-type')) && /<form\b/i.test(x.exchange.response.body),
  judge(x) {
    const missing = framingMissing(x.exchange);
    return missing.length === 0 ? undefined : `the page lacks ${missing.join(' and ')}`;
  },
};

/**
 * RFC 6749 section 10.15: no page sends the browser on by itself (meta refresh, script) to a
 * foreign site, an error page never, any other page only to a redirect URI the run asked for.
 */
export const noRefreshToForeignOrigin: Invariant = {
  id: 'no-refresh-to-foreign-origin',
  title: 'No page of the deployment sends the browser on by meta refresh or script to another site (an error page never; others only to the redirect URI asked for)',
  requirement: 'rfc6749-10.15-open-redirector',
  era: 'any',
  applies: (x) => x.host !== 'elsewhere' && isHtml(header(x.exchange, 'content-type')),
  judge(x, known) {
    const isError = x.exchange.response.status >= 400;
    for (const target of refreshTargets(x.exchange.response.body)) {
      if (!URL.canParse(target, x.exchange.request.url)) continue;
      const url = new URL(target, x.exchange.request.url);
      if (known.origins.has(url.origin)) continue;
      const asked = [...known.redirectUris].some((uri) => target.startsWith(uri));
      if (isError || !asked) return `${isError ? `an error page (HTTP ${x.exchange.response.status})` : 'a page'} sends the browser on to ${url.origin}, another site`;
    }
    return undefined;
  },
};
