import type { JSONWebKeySet } from 'jose';
import type { Clock } from '../../platform/clock.js';
import { explain } from '../explanation.js';
import { defaultCacheBounds, freshLifetimeMs, type CacheBounds } from './cache-lifetime.js';
import { ClientMetadataError } from './errors.js';
import type { FetchedDocument } from './fetch-document.js';

export interface KeySetOptions {
  /** The checked fetch of documents, drawing on the budget of the client whose document names the URL. */
  readonly fetch: (url: URL, clientId: string) => Promise<FetchedDocument>;
  readonly clock: Clock;
  readonly cacheBounds?: CacheBounds;
  /** An unknown `kid` refetches a key set at most this often: a stranger's junk assertions cost one fetch. */
  readonly refetchAfterMs?: number;
  readonly maxEntries?: number;
}

interface CachedKeySet {
  readonly keys: JSONWebKeySet;
  readonly fetchedAt: number;
  readonly freshUntil: number;
}

const isKeySet = (value: unknown): value is JSONWebKeySet =>
  typeof value === 'object' && value !== null && Array.isArray((value as { keys?: unknown }).keys);

/**
 * The key sets of private_key_jwt clients at their `jwks_uri`, fetched as their documents are and
 * kept as `Cache-Control` says within the same bounds. A client that rotated its key signs with a
 * `kid` the copy lacks: `refetch` asks its host again, at most once per `refetchAfterMs`.
 */
export class ClientKeySets {
  private readonly cache = new Map<string, CachedKeySet>();

  constructor(private readonly options: KeySetOptions) {}

  /** The key set at `jwksUri` as `clientId`'s document names it: kept per client, so no other client's refetches touch it. */
  async keySet(clientId: string, jwksUri: string, refetch = false): Promise<JSONWebKeySet> {
    const now = this.options.clock.now();
    const entry = `${clientId} ${jwksUri}`;
    const cached = this.cache.get(entry);
    const recent = cached !== undefined && now - cached.fetchedAt < (this.options.refetchAfterMs ?? 10_000);
    if (cached && now < cached.freshUntil && (!refetch || recent)) return cached.keys;
    const bounds = this.options.cacheBounds ?? defaultCacheBounds;
    let fetched: FetchedDocument;
    try {
      fetched = await this.options.fetch(new URL(jwksUri), clientId);
    } catch (error) {
      // As with documents, the last good copy stands in while its host is in trouble.
      if (error instanceof ClientMetadataError && error.transient && cached && now < cached.freshUntil + bounds.staleMs) return cached.keys;
      throw error;
    }
    if (!isKeySet(fetched.document)) {
      throw new ClientMetadataError('invalid_document', explain`the key set at ${jwksUri} is not a JSON Web Key Set: it must be an object with 'keys'`);
    }
    this.cache.delete(entry);
    this.cache.set(entry, { keys: fetched.document, fetchedAt: now, freshUntil: now + freshLifetimeMs(fetched.cacheControl, bounds) });
    if (this.cache.size > (this.options.maxEntries ?? 1000)) this.cache.delete(this.cache.keys().next().value!);
    return fetched.document;
  }
}
