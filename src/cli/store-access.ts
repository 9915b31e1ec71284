import { resolveDb } from '../config.js';
import { PlatformError } from '../platform/errors.js';
import { ExitError } from './errors.js';
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

/** Runs an account action; an unknown email tells the person how to list the accounts. */
export async function forAccount<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof PlatformError && error.code === 'not_found') {
      throw new ExitError(`${error.message} (list them with: survey-mcp users list)`);
    }
    throw error;
  }
}
