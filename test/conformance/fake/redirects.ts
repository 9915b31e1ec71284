import type { Faults } from './faults.js';
import type { FakeClient } from './state.js';

/** A metadata-document client the fake was broken to follow wherever the request redirects. */
export function trustsAnyRedirect(client: FakeClient, faults: Faults): boolean {
  if (!/^https?:\/\//.test(client.clientId)) return false;
  const withoutMetadata = faults.clientMetadataMissingAccepted === true || faults.sampleFault === 'document-failure-falls-through';
  return faults.clientMetadataRedirectUnchecked === true || (withoutMetadata && client.redirectUris.length === 0);
}

/** Exact match, except that an http loopback redirect matches on any port (RFC 8252). */
export function redirectAllowed(client: FakeClient, requested: string, faults: Faults): boolean {
  if (client.redirectUris.includes(requested) || trustsAnyRedirect(client, faults)) return true;
  if (faults.redirectMatchLoose && client.redirectUris.some((registered) => looselyMatches(registered, requested, faults.redirectMatchLoose))) return true;
  if (faults.sampleFault === 'redirect-query-ignored' && client.redirectUris.includes(requested.replace(/\?[^#]*/, ''))) return true;
  if (faults.sampleFault === 'loopback-redirect-skips-document' && /^https:\/\//.test(client.clientId) && isNative(requested) && requested.startsWith('http://')) return true;
  const registeredClient = !/^https?:\/\//.test(client.clientId);
  if (faults.strictLoopbackPort || (registeredClient && faults.freshFault === 'dcr-loopback-port-exact') || !URL.canParse(requested)) return false;
  const wanted = new URL(requested);
  return client.redirectUris.some((registered) => {
    const known = new URL(registered);
    return (
      known.protocol === 'http:' &&
      ['127.0.0.1', '[::1]'].includes(known.hostname) &&
      (known.hostname === wanted.hostname || faults.loopbackAnyHost === true) &&
      known.protocol === wanted.protocol &&
      known.pathname === wanted.pathname &&
      known.search === wanted.search &&
      known.username === wanted.username &&
      known.password === wanted.password
    );
  });
}

/** The matchers RFC 9700 §4.1.3 warns of: each takes a look-alike for the registered URI. */
function looselyMatches(registered: string, requested: string, how: Faults['redirectMatchLoose']): boolean {
  switch (how) {
    case 'prefix':
      return requested.startsWith(registered);
    case 'case-insensitive':
      return requested.toLowerCase() === registered.toLowerCase();
    case 'normalised': {
      if (!URL.canParse(requested)) return false;
      const url = new URL(decodeURI(requested));
      url.username = '';
      return url.toString() === registered;
    }
    default:
      return false;
  }
}

export function isNative(redirectUri: string): boolean {
  if (!URL.canParse(redirectUri)) return false;
  const url = new URL(redirectUri);
  return url.protocol === 'http:' ? ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname) : url.protocol !== 'https:';
}
