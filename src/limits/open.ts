import { UnsupportedRateStoreError, redactUrl } from './errors.js';
import type { SlidingLog } from './limiter.js';
import type { RedisSlidingLogOptions } from './redis.js';
import { openInProcessSlidingLog, type InProcessSlidingLogOptions } from './in-process.js';

export type OpenSlidingLogOptions = RedisSlidingLogOptions & InProcessSlidingLogOptions;

/** `redis://…` or `rediss://…`: the values `openSlidingLog` hands to Redis. */
export const isRedisUrl = (url: string): boolean => /^rediss?:\/\//i.test(url);

/** A URL scheme of two letters or more (one letter followed by `:` is a Windows drive). */
const SCHEME = /^[a-z][a-z0-9+.-]+:/i;

/**
 * Opens the sliding log named by one setting:
 * `redis://…` or `rediss://…` → Redis; `sqlite:PATH` (also `sqlite://PATH`), a plain file path,
 * or `:memory:` → this process's log, written behind to that SQLite file. Anything else throws `UnsupportedRateStoreError` naming the value
 * (password masked). Redis connects in the background: an unreachable server shows up as
 * `RateStoreUnavailableError` on `consume`, and the log recovers when the server comes back.
 */
export async function openSlidingLog(url: string, options: OpenSlidingLogOptions = {}): Promise<SlidingLog> {
  // Loaded only for a Redis URL: ioredis adds ~20 MB to the resident memory of every other server.
  if (isRedisUrl(url)) return (await import('./redis.js')).openRedisSlidingLog(url, options);
  const path = sqlitePath(url);
  if (path === undefined) throw new UnsupportedRateStoreError(redactUrl(url));
  return openInProcessSlidingLog(path, options);
}

/** Throws what `openSlidingLog` would for a value that names no backend, without opening anything. */
export function checkRateStoreLocation(url: string): void {
  if (!isRedisUrl(url) && sqlitePath(url) === undefined) throw new UnsupportedRateStoreError(redactUrl(url));
}

function sqlitePath(url: string): string | undefined {
  if (/^sqlite:/i.test(url)) {
    const rest = url.slice('sqlite:'.length);
    const path = rest.startsWith('//') ? rest.slice(2) : rest;
    return path === '' ? undefined : path;
  }
  if (url === ':memory:') return url;
  if (url.trim() === '' || SCHEME.test(url)) return undefined;
  return url;
}
