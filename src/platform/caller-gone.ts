import { readerKey } from '../store/reader-key.js';
import type { Store } from '../store/store.js';

/**
 * Whether the caller of the request in progress has gone (its client hung up): read from the
 * request's `readerKey`, which the request path sets around its work, before each store call of a
 * read (`stopsForGoneCaller`). Not a context of its own: on Node 22 every enabled
 * AsyncLocalStorage adds its work to every promise made (~0.15 µs each).
 */
export const callerGone = (): boolean => readerKey.getStore()?.gone?.aborted === true;

/** Thrown at a read's next store call once its caller has gone: no one is left to answer. */
export class CallerGoneError extends Error {
  constructor() {
    super('not run: the client of this request has gone');
  }
}

/**
 * A copy of `store` whose every method first checks that the caller of the request in progress
 * is still there, and throws `CallerGoneError` when it has gone: a read for no one stops at its
 * next store call, rather than reading the rest and building an answer nobody receives. The
 * method is looked up at each call, so a store's own methods may be swapped (tests watch them).
 */
export function stopsForGoneCaller(store: Store): Store {
  const guarded = { ...store } as Record<string, unknown>;
  const methods = store as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of Object.keys(store)) {
    if (typeof methods[name] !== 'function') continue;
    guarded[name] = (...args: unknown[]): unknown => {
      if (callerGone()) throw new CallerGoneError();
      return methods[name]!.apply(store, args);
    };
  }
  return guarded as unknown as Store;
}
