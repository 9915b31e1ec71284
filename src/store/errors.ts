/** A unique constraint refused a write; `field` names the clashing value's column. */
export class DuplicateRecordError extends Error {
  constructor(
    readonly record: string,
    readonly field: string,
    readonly value: string,
  ) {
    super(`${record} with ${field} '${value}' already exists`);
    this.name = 'DuplicateRecordError';
  }
}

/** The backing database cannot be reached; the HTTP layer answers 503, as the status says. */
export class StoreUnavailableError extends Error {
  readonly status = 503;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/**
 * Edits of one survey kept colliding (PostgreSQL gave up on them as deadlocked or not
 * serialisable every time it was retried, or a lock was not granted in time). Nothing was
 * written; the database is healthy, so this is the caller's to retry, not a 503.
 */
export class StoreContentionError extends Error {
  constructor(
    readonly surveyId: string,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(
      `survey '${surveyId}' is being changed by other requests at this moment and this change could not be applied after ${attempts} attempt${attempts === 1 ? '' : 's'}: nothing was changed, try again`,
      options,
    );
    this.name = 'StoreContentionError';
  }
}

/** A `--db` value that names no store we know (a configuration error: the CLI exits 2). */
export class UnsupportedStoreError extends Error {
  constructor(readonly value: string) {
    super(`unsupported --db '${value}': use a file path, sqlite:PATH or postgres://user@host/db`);
    this.name = 'UnsupportedStoreError';
  }
}

/** A `--db` of a known kind with an option it cannot take, e.g. `?pool_size=0` (a configuration error: the CLI exits 2). */
export class StoreOptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreOptionError';
  }
}

/** The SQLite file cannot be opened or created where `--db` points; the message says why and what to do. */
export class StoreFileError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`--db '${path}': ${reason}`);
    this.name = 'StoreFileError';
  }
}
