import { AsyncLocalStorage } from 'node:async_hooks';
import type { Store } from '../store/store.js';

/**
 * Whether the caller of the request in progress has gone (its client hung up): set by the request
 * path around the request's work, read before each store call of a read (`stopsForGoneCaller`).
 */
export const callerGone = new AsyncLocalStorage<AbortSignal>();

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
      if (callerGone.getStore()?.aborted) throw new CallerGoneError();
      return methods[name]!.apply(store, args);
    };
  }
  return guarded as unknown as Store;
}
