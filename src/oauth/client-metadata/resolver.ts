import type { RateRule, SlidingLog } from '../../limits/limiter.js';
import type { Clock } from '../../platform/clock.js';
import type { OAuthClient } from '../../store/auth-store.js';
import { defaultCacheBounds, freshLifetimeMs, type CacheBounds } from './cache-lifetime.js';
import { checkClientIdUrl } from './client-id-url.js';
import { ClientMetadataError } from './errors.js';
import { fetchClientMetadataDocument, type FetchedDocument, type FetchPolicy } from './fetch-document.js';
import { clientFromDocument } from './validate-document.js';

export interface ClientMetadataOptions {
  readonly policy: FetchPolicy;
  readonly clock: Clock;
  /** Shared by every instance, so that together they fetch from one host at most this often. */
  readonly slidingLog: SlidingLog;
  readonly hostRule?: RateRule;
  readonly cacheBounds?: CacheBounds;
  /** How many documents are kept at once; the oldest go first. */
  readonly maxEntries?: number;
  /** Replaces the network fetch in unit tests. */
  readonly fetchDocument?: (url: URL, policy: FetchPolicy) => Promise<FetchedDocument>;
}

/**
 * At most 20 fetches a minute from one host name, and from one address: enough for many distinct
 * clients there, too few for our authorization endpoint to serve as a tool to flood a third party
 * (the address limit holds when many names, wildcard or borrowed, point at the same machine).
 */
export const defaultHostRule: RateRule = { limit: 20, windowMs: 60_000 };

interface Cached {
  readonly client: OAuthClient;
  readonly freshUntil: number;
  readonly staleUntil: number;
}

/**
 * Clients known by an https `client_id`: fetched, validated, and kept as `Cache-Control` says
 * within bounds. When the host is down or busy, a copy that expired less than `staleMs` ago
 * stands in. Invalid documents and errors are never kept (draft §4.4). Concurrent requests for
 * one URL share one fetch.
 */
export class ClientMetadataResolver {
  private readonly cache = new Map<string, Cached>();
  private readonly inFlight = new Map<string, Promise<OAuthClient>>();
  private readonly bounds: CacheBounds;
  private readonly hostRule: RateRule;
  private readonly maxEntries: number;
  private readonly fetchDocument: (url: URL, policy: FetchPolicy) => Promise<FetchedDocument>;

  constructor(private readonly options: ClientMetadataOptions) {
    this.bounds = options.cacheBounds ?? defaultCacheBounds;
    this.hostRule = options.hostRule ?? defaultHostRule;
    this.maxEntries = options.maxEntries ?? 1000;
    this.fetchDocument = options.fetchDocument ?? fetchClientMetadataDocument;
  }

  /** The client the document at `clientId` describes; rejects with `ClientMetadataError`. */
  async resolve(clientId: string): Promise<OAuthClient> {
    const url = checkClientIdUrl(clientId);
    const cached = this.cache.get(clientId);
    if (cached && this.options.clock.now() < cached.freshUntil) return cached.client;
    let pending = this.inFlight.get(clientId);
    if (!pending) {
      pending = this.refresh(url, cached).finally(() => this.inFlight.delete(clientId));
      this.inFlight.set(clientId, pending);
    }
    return pending;
  }

  private async refresh(url: URL, cached: Cached | undefined): Promise<OAuthClient> {
    const standIn = (error: ClientMetadataError): OAuthClient => {
      if (error.transient && cached && this.options.clock.now() < cached.staleUntil) return cached.client;
      throw error;
    };
    let fetched: FetchedDocument;
    try {
      await this.admit(`host:${url.hostname}`, url.hostname);
      const beforeConnect = (address: string) => this.admit(`address:${address}`, `${url.hostname} (${address})`);
      fetched = await this.fetchDocument(url, { ...this.options.policy, beforeConnect });
    } catch (error) {
      if (error instanceof ClientMetadataError) return standIn(error);
      throw error;
    }
    const now = this.options.clock.now();
    let client: OAuthClient;
    try {
      client = clientFromDocument(url.href, fetched.document, now);
    } catch (error) {
      this.cache.delete(url.href);
      throw error;
    }
    const freshUntil = now + freshLifetimeMs(fetched.cacheControl, this.bounds);
    this.remember(url.href, { client, freshUntil, staleUntil: freshUntil + this.bounds.staleMs });
    return client;
  }

  /** Draws one fetch from the budget of a host name or an address, shared by every instance. */
  private async admit(key: string, shown: string): Promise<void> {
    const decision = await this.options.slidingLog.consume(`client-metadata-${key}`, this.hostRule);
    if (decision.allowed) return;
    throw new ClientMetadataError(
      'host_busy',
      `client metadata documents were fetched from ${shown} too often; try again in ${decision.retryAfterSeconds} seconds`,
      true,
    );
  }

  private remember(clientId: string, entry: Cached): void {
    this.cache.delete(clientId);
    this.cache.set(clientId, entry);
    if (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
  }
}
