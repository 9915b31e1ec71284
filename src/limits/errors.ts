/**
 * The rate store (SQLite file, Redis server) cannot answer. The caller decides whether that fails
 * the request (503) or lets it through; the limiter never guesses. `store` is already redacted.
 */
export class RateStoreUnavailableError extends Error {
  override readonly name = 'RateStoreUnavailableError';
  readonly code = 'rate_store_unavailable';
  readonly status = 503;

  constructor(
    readonly store: string,
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`rate store unavailable: ${store} (${reason})`, options);
  }
}

/** A rate-store setting that names no backend we know (a configuration error at startup). */
export class UnsupportedRateStoreError extends Error {
  override readonly name = 'UnsupportedRateStoreError';
  readonly code = 'rate_store_unsupported';

  /** `value` must already be redacted. */
  constructor(
    readonly value: string,
    problem = 'expected redis://, rediss://, sqlite:PATH, a file path or :memory:',
  ) {
    super(`unsupported rate store "${value}": ${problem}`);
  }
}

const SECRET_PARAM = /pass|secret|token|key/i;

/**
 * The URL fit for messages and logs: the password (and any password-like query parameter)
 * replaced by `***`. Anything else is returned unchanged.
 */
export function redactUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value.replace(/\/\/([^/@:]*):[^/@]*@/, '//$1:***@');
  }
  let changed = false;
  if (url.password) {
    url.password = '***';
    changed = true;
  }
  for (const name of [...url.searchParams.keys()]) {
    if (SECRET_PARAM.test(name)) {
      url.searchParams.set(name, '***');
      changed = true;
    }
  }
  return changed ? url.href : value;
}
