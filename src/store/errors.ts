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

/** The backing database cannot be reached; the HTTP layer answers 503. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}
