import type { RateRule, SlidingLog } from '../../limits/limiter.js';
import type { Clock } from '../../platform/clock.js';
import type { OAuthClient } from '../../store/auth-store.js';
import type { ClientMetadataCopyStore } from '../../store/client-metadata-copies.js';
import { explain } from '../explanation.js';
import { defaultCacheBounds, freshLifetimeMs, type CacheBounds } from './cache-lifetime.js';
import { checkClientIdUrl } from './client-id-url.js';
import { ClientMetadataError, type ClientMetadataProblem } from './errors.js';
import { fetchClientMetadataDocument, type FetchedDocument, type FetchPolicy } from './fetch-document.js';
import { clientFromDocument } from './validate-document.js';

/** How one fetch of a document ended: a closed set, fit for a metric's label. */
export type ClientMetadataFetchOutcome = 'fetched' | ClientMetadataProblem | 'error';

export interface ClientMetadataOptions {
  readonly policy: FetchPolicy;
  readonly clock: Clock;
  /** Shared by every instance, so that together they keep to the budgets below. */
  readonly slidingLog: SlidingLog;
  /** First fetches of URLs we hold no copy of, per host name and per address, from all callers. */
  readonly hostRule?: RateRule;
  /** The same, per caller address and host name: what one stranger may spend. */
  readonly callerRule?: RateRule;
  /** Refetches of a document we hold a good copy of, per URL. */
  readonly knownRule?: RateRule;
  /** A URL whose fetch failed answers with that failure this long, without fetching again. */
  readonly failureMs?: number;
  readonly cacheBounds?: CacheBounds;
  /** How many documents (and how many failures) are kept at once; the oldest go first. */
  readonly maxEntries?: number;
  /**
   * Whether a person approved this client before (its row in the store): such a document is
   * refetched from its own budget even when this instance holds no copy (after a restart, or
   * on another instance).
   */
  readonly approvedBefore?: (clientId: string) => Promise<boolean>;
  /**
   * Where the last good copy of an approved client's document is kept beyond this instance's
   * memory (the store): it outlives eviction, a restart and the instance that fetched it.
   */
  readonly copies?: ClientMetadataCopyStore;
  /** Groups caller addresses as the rate limits do (an IPv6 /64 is one caller). */
  readonly callerKey?: (address: string) => string;
  /** Told how each fetch of a document ended (the metrics): `fetched`, or the problem; `error` for a failure of ours. */
  readonly onFetch?: (outcome: ClientMetadataFetchOutcome) => void;
  /** The server's log: why a fetch failed, and when an old copy stands in. */
  readonly log?: (line: string) => void;
  /** Replaces the network fetch in unit tests. */
  readonly fetchDocument?: (url: URL, policy: FetchPolicy) => Promise<FetchedDocument>;
}

/**
 * Fetches of documents we hold no copy of: at most 60 a minute from one host name, all callers
 * together, and 10 of them per caller address, so one stranger's junk URLs use up the stranger's
 * budget, not the host's. A third of the host's budget is kept for callers who have fetched
 * nothing from it in the window (`withReserve`): six strangers cannot spend it all. One address
 * takes `addressNames` times the budget over all the names that point at it: an attacker's own
 * names cannot spend a victim name's budget, yet our endpoints still cannot flood one machine.
 */
export const defaultHostRule: RateRule = { limit: 60, windowMs: 60_000 };
export const addressNames = 5;
export const defaultCallerRule: RateRule = { limit: 10, windowMs: 60_000 };
/** A known document is refetched only when its copy expires: 10 a minute is room for retries. */
export const defaultKnownRule: RateRule = { limit: 10, windowMs: 60_000 };
export const defaultFailureMs = 60_000;

interface Cached {
  readonly client: OAuthClient;
  readonly fetchedAt: number;
  readonly freshUntil: number;
  readonly staleUntil: number;
}

interface Failed {
  readonly error: ClientMetadataError;
  readonly until: number;
}

/** The whole budget for a caller's first fetch from a host in the window; two thirds for any other. */
export const withReserve = (rule: RateRule, firstOfCaller: boolean): RateRule =>
  firstOfCaller ? rule : { limit: Math.max(1, rule.limit - Math.floor(rule.limit / 3)), windowMs: rule.windowMs };

/** A bounded map whose oldest entry goes when it is full. */
class Recent<V> extends Map<string, V> {
  constructor(private readonly maxEntries: number) {
    super();
  }

  override set(key: string, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > this.maxEntries) super.delete(this.keys().next().value!);
    return this;
  }
}

/**
 * Clients known by an https `client_id`: fetched, validated, and kept as `Cache-Control` says
 * within bounds. When the host of a document we hold is down or refuses (timeout, 403, 429,
 * 5xx, our own budget), the last good copy stands in for `staleMs` past its expiry, and the log
 * says so; 404 and 410 say the document is gone, and its copy goes too. Invalid documents are never kept (draft §4.4); a failure is remembered per URL for
 * `failureMs`, so asking again costs nobody a fetch. Concurrent requests for one URL share one fetch.
 */
export class ClientMetadataResolver {
  private readonly cache: Recent<Cached>;
  private readonly failures: Recent<Failed>;
  private readonly inFlight = new Map<string, Promise<OAuthClient>>();
  private readonly bounds: CacheBounds;
  private readonly fetchDocument: (url: URL, policy: FetchPolicy) => Promise<FetchedDocument>;
  private readonly log: (line: string) => void;

  constructor(private readonly options: ClientMetadataOptions) {
    this.bounds = options.cacheBounds ?? defaultCacheBounds;
    this.cache = new Recent(options.maxEntries ?? 1000);
    this.failures = new Recent(options.maxEntries ?? 1000);
    this.fetchDocument = options.fetchDocument ?? fetchClientMetadataDocument;
    this.log = options.log ?? ((line) => console.error(`survey-mcp: ${line}`));
  }

  /**
   * The client the document at `clientId` describes; rejects with `ClientMetadataError`.
   * `caller` is the address of whoever named the URL, charged for a first fetch.
   */
  async resolve(clientId: string, caller = 'unknown'): Promise<OAuthClient> {
    const url = checkClientIdUrl(clientId);
    const now = this.options.clock.now();
    const cached = this.cache.get(clientId) ?? (await this.storedCopy(clientId));
    if (cached && now < cached.freshUntil) return cached.client;
    const failed = this.failures.get(clientId);
    if (failed && now < failed.until) return this.standIn(url, failed.error, cached, false);
    let pending = this.inFlight.get(clientId);
    if (!pending) {
      pending = this.refresh(url, cached, caller).finally(() => this.inFlight.delete(clientId));
      this.inFlight.set(clientId, pending);
    }
    return pending;
  }

  private async refresh(url: URL, cached: Cached | undefined, caller: string): Promise<OAuthClient> {
    let client: OAuthClient;
    let fetched: FetchedDocument;
    try {
      const known = cached !== undefined || (await this.options.approvedBefore?.(url.href)) === true;
      fetched = known ? await this.fetchKnown(url) : await this.fetchNew(url, caller);
      client = clientFromDocument(url.href, fetched.document, this.options.clock.now());
    } catch (error) {
      this.options.onFetch?.(error instanceof ClientMetadataError ? error.problem : 'error');
      if (!(error instanceof ClientMetadataError)) throw error;
      // A spent budget says something of the callers, not of the document: it is not remembered
      // for the URL, or one stranger's spending would answer for the client itself.
      if (error.problem !== 'host_busy') {
        this.log(`client metadata document ${url.href}: ${error.problem}: ${error.detail ?? error.message}`);
        this.failures.set(url.href, { error, until: this.options.clock.now() + (this.options.failureMs ?? defaultFailureMs) });
      }
      if (!error.transient) {
        this.cache.delete(url.href);
        await this.options.copies?.deleteClientMetadataCopy(url.href);
      }
      return this.standIn(url, error, this.cache.get(url.href), true);
    }
    this.options.onFetch?.('fetched');
    const now = this.options.clock.now();
    const freshUntil = now + freshLifetimeMs(fetched.cacheControl, this.bounds);
    this.failures.delete(url.href);
    const copy = { client, fetchedAt: now, freshUntil, staleUntil: freshUntil + this.bounds.staleMs };
    this.cache.set(url.href, copy);
    if (this.options.copies && (await this.options.approvedBefore?.(url.href))) await this.options.copies.saveClientMetadataCopy(copy);
    return client;
  }

  /**
   * A person approved the client: the copy this request was served from becomes its last good
   * copy in the store at once, so it stands in after eviction, a restart or on another instance
   * from the approval on, not only from its first refetch.
   */
  async approved(clientId: string): Promise<void> {
    const cached = this.cache.get(clientId);
    if (cached && this.options.copies) await this.options.copies.saveClientMetadataCopy(cached);
  }

  /** The store's copy, when this instance holds none: taken into memory, as if fetched here. */
  private async storedCopy(clientId: string): Promise<Cached | undefined> {
    const stored = await this.options.copies?.findClientMetadataCopy(clientId);
    if (stored) this.cache.set(clientId, stored);
    return stored;
  }

  /**
   * The last good copy while its host is in trouble and the copy is recent enough; else the
   * error. `announce`: say so in the log (once per failed fetch, not on every request).
   */
  private standIn(url: URL, error: ClientMetadataError, cached: Cached | undefined, announce: boolean): OAuthClient {
    if (!error.transient || !cached || this.options.clock.now() >= cached.staleUntil) throw error;
    if (announce) {
      const [fetchedAt, until] = [cached.fetchedAt, cached.staleUntil].map((ms) => new Date(ms).toISOString());
      this.log(`client metadata document ${url.href}: using the copy fetched at ${fetchedAt} until ${until} (${error.problem})`);
    }
    return cached.client;
  }

  /**
   * A private_key_jwt client's key set at its `jwks_uri`: the same checked fetch as documents,
   * charged to the document that names it (`clientId`), as many a minute as a known document's
   * refetches, and to the address it is fetched from. Never to the budget of the URL itself: a
   * stranger's document may name any URL — another client's document — as its key set, and so
   * would spend that document's refetches and pin its stale copy.
   */
  async fetchKeySet(url: URL, clientId: string): Promise<FetchedDocument> {
    const knownRule = this.options.knownRule ?? defaultKnownRule;
    await this.admit(`keys:${clientId}`, knownRule, clientId);
    // Many documents may name one URL: together they take at most what first fetches may from one address.
    const hostRule = this.options.hostRule ?? defaultHostRule;
    const beforeConnect = (address: string) =>
      this.admit(`keys-address:${address}`, { limit: hostRule.limit * addressNames, windowMs: hostRule.windowMs }, url.hostname);
    return this.fetchDocument(url, { ...this.options.policy, beforeConnect });
  }

  /** A document we hold: its own budget, which no other URL's fetches can use up (key sets have their own). */
  private async fetchKnown(url: URL): Promise<FetchedDocument> {
    await this.admit(`url:${url.href}`, this.options.knownRule ?? defaultKnownRule, url.href);
    return this.fetchDocument(url, this.options.policy);
  }

  /** A URL we hold nothing of: charged to its caller, its host name and its address. */
  private async fetchNew(url: URL, caller: string): Promise<FetchedDocument> {
    const hostRule = this.options.hostRule ?? defaultHostRule;
    const callerRule = this.options.callerRule ?? defaultCallerRule;
    const callerKey = (this.options.callerKey ?? ((address) => address))(caller);
    await this.admit(`caller:${callerKey}:${url.hostname}`, callerRule, url.hostname);
    // Whether this is the caller's first fetch from the name, and from the address: only a first
    // one may draw on the reserve, so cycling through one's own names gains nothing there.
    const firstFrom = async (what: string) =>
      (await this.options.slidingLog.consume(`client-metadata-first:${callerKey}:${what}`, { limit: 1, windowMs: callerRule.windowMs })).allowed;
    await this.admit(`host:${url.hostname}`, withReserve(hostRule, await firstFrom(`name:${url.hostname}`)), url.hostname);
    const addressRule = { limit: hostRule.limit * addressNames, windowMs: hostRule.windowMs };
    const beforeConnect = async (address: string) =>
      this.admit(`address:${address}`, withReserve(addressRule, await firstFrom(`address:${address}`)), url.hostname);
    return this.fetchDocument(url, { ...this.options.policy, beforeConnect });
  }

  /** Draws one fetch from a budget shared by every instance; `shown` names what was fetched too often. */
  private async admit(key: string, rule: RateRule, shown: string): Promise<void> {
    const decision = await this.options.slidingLog.consume(`client-metadata-${key}`, rule);
    if (decision.allowed) return;
    throw new ClientMetadataError(
      'host_busy',
      explain`client metadata documents were fetched from ${shown} too often; try again in ${decision.retryAfterSeconds} seconds`,
      `budget ${key} spent`,
    );
  }
}
