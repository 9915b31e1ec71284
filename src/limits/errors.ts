// Re-exported so the rate-store modules keep importing their errors and redaction from one place.
export { redactUrl } from '../redact-url.js';

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

/**
 * Another live process keeps the rate windows of this SQLite file in its memory: a second one
 * would admit the whole limit again on its own (a configuration error at startup).
 */
export class RateLogInUseError extends Error {
  override readonly name = 'RateLogInUseError';
  readonly code = 'rate_log_in_use';

  constructor(
    readonly store: string,
    readonly pid: number,
    readonly host: string,
  ) {
    super(
      `rate windows of ${store} are kept by another survey-mcp process (pid ${pid} on ${host}): ` +
        'two processes on one SQLite file would each admit the whole limit. Stop that one, or run ' +
        'several instances with --rate-store redis://HOST:6379',
    );
  }
}
