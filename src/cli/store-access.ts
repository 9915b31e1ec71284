import { existsSync } from 'node:fs';
import { resolveDb } from '../config.js';
import { systemClock } from '../platform/clock.js';
import type { PlatformContext } from '../platform/context.js';
import { PlatformError } from '../platform/errors.js';
import { ExitError, usageError } from './errors.js';
import { openStore, sqliteFileOf } from '../store/open.js';

/** The store flags every admin command takes. */
export interface StoreFlags {
  db?: string;
  /** Make a new SQLite store where `--db` names no file, instead of refusing. */
  create?: boolean;
}

/**
 * Runs one admin action against the store the flags name, on the system clock, and always closes
 * the store. A SQLite path with no file is refused unless `--create` asks for a new store: a typo
 * would otherwise make an empty one and answer "no users".
 */
export async function withPlatform<T>(flags: StoreFlags, action: (ctx: PlatformContext) => Promise<T>): Promise<T> {
  const location = resolveDb(flags.db);
  const file = sqliteFileOf(location);
  if (file !== undefined && !flags.create && !existsSync(file)) {
    throw usageError(`no store at '${file}' (--db): give the file serve uses (default ./survey-mcp.db, or $SURVEY_MCP_DB), or add --create to make a new, empty store`);
  }
  const store = await openStore(location);
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
