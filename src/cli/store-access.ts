import { resolveDb } from '../config.js';
import { systemClock } from '../platform/clock.js';
import type { PlatformContext } from '../platform/context.js';
import { PlatformError } from '../platform/errors.js';
import { ExitError } from './errors.js';
import { openStore } from '../store/open.js';

/** Runs one admin action against the store the flags name, on the system clock, and always closes the store. */
export async function withPlatform<T>(db: string | undefined, action: (ctx: PlatformContext) => Promise<T>): Promise<T> {
  const store = await openStore(resolveDb(db));
  try {
    return await action({ store, clock: systemClock });
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
