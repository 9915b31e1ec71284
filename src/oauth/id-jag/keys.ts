import type { JSONWebKeySet } from 'jose';
import type { Clock } from '../../platform/clock.js';
import { ClientKeySets } from '../client-metadata/key-sets.js';
import { ClientMetadataError } from '../client-metadata/errors.js';
import type { FetchedDocument } from '../client-metadata/fetch-document.js';
import { explain, ours, type Explanation } from '../explanation.js';

/**
 * An unknown `kid` fetches the provider's key set again at most once in this interval (by the
 * server's clock): a key the provider has just rolled in is found at once, while a stream of
 * made-up `kid`s costs the provider one request per interval, not one per grant.
 */
export const keySetRefetchIntervalMs = 10_000;
const keySetTimeoutMs = 5_000;

/** The company's identity provider as the issuer of ID-JAGs: its issuer and its published signing keys. */
export interface IdJagKeys {
  readonly issuer: string;
  readonly jwksUri: string;
  /** The key set; `refetch` asks the provider again (for a `kid` the copy lacks), within the budget above. */
  keySet(refetch: boolean): Promise<JSONWebKeySet>;
}

/** The keys at the provider's `jwks_uri` (from its OpenID metadata), kept as its `Cache-Control` says. */
export function idJagKeys(provider: { readonly issuer: string; readonly jwksUri: string }, clock: Clock): IdJagKeys {
  const sets = new ClientKeySets({ fetch: fetchKeySet, clock, refetchAfterMs: keySetRefetchIntervalMs });
  // Keyed by the issuer, as a client's key set is keyed by its client_id.
  return { ...provider, keySet: (refetch) => sets.keySet(provider.issuer, provider.jwksUri, refetch) };
}

/**
 * The operator named this provider (`--sso-issuer`), so its key set is fetched as its discovery
 * was, without the guards a stranger's client metadata document needs; a failure is the provider's
 * trouble for now, and the last good copy stands in.
 */
async function fetchKeySet(url: URL): Promise<FetchedDocument> {
  const trouble = (problem: 'unreachable' | 'http_status', detail: string | Explanation) =>
    new ClientMetadataError(problem, explain`the identity provider's key set at ${url.href} could not be fetched (${detail})`);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(keySetTimeoutMs), redirect: 'error', headers: { accept: 'application/json' } });
  } catch (error) {
    throw trouble('unreachable', (error as Error).message);
  }
  if (!response.ok) throw trouble('http_status', ours(`HTTP ${response.status}`));
  try {
    return { document: await response.json(), cacheControl: response.headers.get('cache-control') ?? undefined };
  } catch {
    throw new ClientMetadataError('not_json', explain`the identity provider's key set at ${url.href} is not JSON`);
  }
}
