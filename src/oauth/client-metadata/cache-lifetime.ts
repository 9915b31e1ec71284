/** How long a fetched document may be used, in milliseconds, and how long past that when its host is down. */
export interface CacheBounds {
  /** A document that says nothing about caching is kept this long. */
  readonly defaultMs: number;
  /**
   * Even `no-store` or `max-age=0` is kept this long (the draft lets the server set a lower
   * bound): one sign-in reads the client several times, and each read must not refetch.
   */
  readonly minMs: number;
  readonly maxMs: number;
  /**
   * After expiry, a copy stands in for at most this long while its host is down or refuses
   * (timeout, 403, 429, 5xx): the big clients' hosts have answered 403 for hours, and every
   * person connected through such a client would be locked out meanwhile. Not 404 or 410: the
   * document is gone, and so is its copy.
   */
  readonly staleMs: number;
}

export const defaultCacheBounds: CacheBounds = {
  defaultMs: 5 * 60_000,
  minMs: 60_000,
  maxMs: 24 * 60 * 60_000,
  staleMs: 12 * 60 * 60_000,
};

/** The freshness lifetime a `Cache-Control` header asks for (RFC 9111 §5.2.2), clamped to the bounds. */
export function freshLifetimeMs(cacheControl: string | undefined, bounds: CacheBounds): number {
  const directives = (cacheControl ?? '').toLowerCase().split(',').map((part) => part.trim());
  let asked: number | undefined;
  if (directives.some((directive) => directive === 'no-store' || directive === 'no-cache')) asked = 0;
  else {
    const maxAge = directives.map((directive) => /^max-age=(\d+)$/.exec(directive)?.[1]).find((value) => value !== undefined);
    if (maxAge !== undefined) asked = Number(maxAge) * 1000;
  }
  return Math.min(bounds.maxMs, Math.max(bounds.minMs, asked ?? bounds.defaultMs));
}
