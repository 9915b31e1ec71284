import { header, jsonOf } from '../http.js';
import { isObject } from '../mcp.js';
import type { Invariant } from './invariant.js';
import type { RunKnowledge } from './knowledge.js';
import type { TaggedExchange } from './tags.js';

/** RFC 6749 section 5.1: an answer that carries a token is never stored by a cache. */
export const tokenAnswersNoStore: Invariant = {
  id: 'token-answers-no-store',
  title: 'Every token-bearing answer of the token endpoint carries Cache-Control: no-store',
  requirement: 'fn-token-no-store',
  era: 'any',
  applies(x) {
    const json = x.endpoint === 'token' && x.exchange.response.status === 200 ? jsonOf(x.exchange) : undefined;
    return isObject(json) && (typeof json['access_token'] === 'string' || typeof json['refresh_token'] === 'string');
  },
  judge(x) {
    const cacheControl = header(x.exchange, 'cache-control');
    return /\bno-store\b/i.test(cacheControl ?? '') ? undefined : `a token response carries Cache-Control ${cacheControl === undefined ? '(none)' : `"${cacheControl}"`}, not no-store`;
  },
};

/** Contract section 2.2: the access token lives one hour, and no longer. */
const ONE_HOUR_SECONDS = 3600;

/**
 * Contract section 2.2: every access token the token endpoint hands out lives at most an hour,
 * whatever the grant and client kind (a confidential client's renewal is where a framework's
 * longer default shows).
 */
export const tokenLifetimeBounded: Invariant = {
  id: 'token-lifetime-within-an-hour',
  title: 'Every access token the token endpoint issues, for any grant and client, states an expires_in of 1 to 3600 seconds',
  requirement: 'contract-2.2-lifetime',
  era: 'any',
  applies(x) {
    const json = x.endpoint === 'token' && x.exchange.response.status === 200 ? jsonOf(x.exchange) : undefined;
    return isObject(json) && typeof json['access_token'] === 'string';
  },
  judge(x) {
    const expiresIn = (jsonOf(x.exchange) as Record<string, unknown>)['expires_in'];
    if (typeof expiresIn !== 'number') return `a token response gives no numeric expires_in (${JSON.stringify(expiresIn)})`;
    return expiresIn >= 1 && expiresIn <= ONE_HOUR_SECONDS ? undefined : `a token response gives expires_in ${expiresIn}, expected 1..${ONE_HOUR_SECONDS}`;
  },
};

/** URLs the deployment hands out in an answer: its Location, and the links, actions and refreshes of a page. */
export function urlsHandedOut(x: TaggedExchange): string[] {
  const { headers, body } = x.exchange.response;
  const urls = headers['location'] ? [headers['location']] : [];
  if (!/^text\/html\b/i.test(headers['content-type'] ?? '')) return urls;
  for (const match of body.matchAll(/\b(?:href|action|src)\s*=\s*["']([^"']*)["']/gi)) urls.push(decodeEntities(match[1] ?? ''));
  for (const target of refreshTargets(body)) urls.push(target);
  return urls;
}

/** Where a page sends the browser by itself: a meta refresh, or a script assigning a location. */
export function refreshTargets(body: string): string[] {
  const targets: string[] = [];
  for (const meta of body.matchAll(/<meta\b[^>]*http-equiv\s*=\s*["']?refresh["']?[^>]*>/gi)) {
    const content = /\bcontent\s*=\s*(["'])(.*?)\1/i.exec(meta[0])?.[2] ?? '';
    const url = /url\s*=\s*['"]?([^'"]+)/i.exec(decodeEntities(content))?.[1];
    if (url) targets.push(url.trim());
  }
  for (const script of body.matchAll(/\b(?:window\.|document\.|top\.)?location(?:\.href)?\s*=\s*["']([^"']+)["']/gi)) targets.push(script[1] ?? '');
  for (const script of body.matchAll(/\blocation\.(?:assign|replace)\(\s*["']([^"']+)["']/gi)) targets.push(script[1] ?? '');
  return targets;
}

function decodeEntities(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
}

/**
 * RFC 6750 section 5.3 and RFC 9700 section 4.3: a token of the run never travels in a URL the
 * deployment hands out, and a code only as the `code` of the authorization response.
 */
export const noSecretInUrls: Invariant = {
  id: 'no-secret-in-urls',
  title: 'No access token, refresh token or code of the run appears in a URL the deployment hands out (the authorization response\'s code aside)',
  requirement: 'rfc6750-5.3-no-page-urls',
  era: 'any',
  applies: (x) => x.host !== 'elsewhere' && urlsHandedOut(x).length > 0,
  judge(x, known) {
    for (const url of urlsHandedOut(x)) {
      const leaked = secretIn(url, x.exchange.request.url, known);
      if (leaked) return `${leaked} in ${x.exchange.response.headers['location'] === url ? 'the Location' : 'a URL of the page'}`;
    }
    return undefined;
  },
};

function secretIn(url: string, base: string, known: RunKnowledge): string | undefined {
  if (!URL.canParse(url, base)) return undefined;
  const parsed = new URL(url, base);
  for (const token of known.tokens) if (url.includes(token)) return 'a token issued in this run';
  for (const code of known.codes) {
    const legit = [...parsed.searchParams].some(([name, value]) => name === 'code' && value === code);
    if (url.includes(code) && !legit) return 'an authorization code of this run outside the code parameter';
  }
  return undefined;
}
