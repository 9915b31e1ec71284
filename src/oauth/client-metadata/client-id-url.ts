import { explain, ours, type Explanation } from '../explanation.js';
import { ClientMetadataError } from './errors.js';

/**
 * A `client_id` that names a client metadata document rather than a registration of ours. Our
 * own ids (`cli_…`) never start with `https://`, as the draft asks of servers that do both.
 */
export const isMetadataDocumentUrl = (clientId: string): boolean => clientId.startsWith('https://');

const maxLength = 2000;

/**
 * Checks a client_id URL (draft-ietf-oauth-client-id-metadata-document §3): https, a path, no
 * dot segments, no fragment, no user or password. It must also be written the way URL parsers
 * write it, so the host we show and the host we fetch from are the very one in the client_id.
 */
export function checkClientIdUrl(clientId: string): URL {
  const refuse = (why: string | Explanation) =>
    new ClientMetadataError('client_id_url', explain`the client_id ${clientId} is not a usable client metadata URL: it ${typeof why === 'string' ? ours(why) : why}`);
  if (clientId.length > maxLength) throw refuse(`is longer than ${maxLength} characters`);
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    throw refuse('is not an absolute URL');
  }
  if (url.protocol !== 'https:') throw refuse('must use https');
  if (url.username || url.password || /^https:\/\/[^/]*@/i.test(clientId)) throw refuse('must not carry a user name or password');
  if (clientId.includes('#')) throw refuse('must not contain a fragment (#)');
  if (/\/\.{1,2}(?:\/|\?|$)/.test(clientId.slice('https://'.length))) throw refuse("must not contain '.' or '..' path segments");
  if (url.pathname === '/' || url.pathname === '') throw refuse('must have a path, e.g. https://app.example/oauth/client.json');
  if (url.href !== clientId) throw refuse(explain`must be written in normal form: ${url.href}`);
  return url;
}

/** The verified origin shown beside a metadata client's name (`claude.ai`), or undefined for our own clients. */
export function verifiedHostOf(clientId: string): string | undefined {
  if (!isMetadataDocumentUrl(clientId)) return undefined;
  try {
    return new URL(clientId).host;
  } catch {
    return undefined;
  }
}
