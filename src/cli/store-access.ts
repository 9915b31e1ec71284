import { resolveDb } from '../config.js';
import { openStore } from '../store/open.js';
import type { Store } from '../store/store.js';

/** Runs one admin action against the store the flags name, and always closes it. */
export async function withStore<T>(db: string | undefined, action: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(resolveDb(db));
  try {
    return await action(store);
  } finally {
    await store.close();
  }
}
