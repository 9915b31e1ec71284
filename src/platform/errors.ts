/**
 * The closed set of failures the platform reports about input from outside. Messages are the
 * ones the spec asks for; the MCP layer passes them through unchanged as tool errors.
 */
export type PlatformErrorCode = 'not_found' | 'not_authorized' | 'validation_failed';

export class PlatformError extends Error {
  constructor(
    readonly code: PlatformErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

/** The most characters of a value from outside an error message repeats. */
const shownChars = 64;

/**
 * A value from outside as an error message may show it: whole when short, else its first
 * characters and its length (`srv_xxxx… (1,000,000 characters)`), so that no answer repeats a
 * long value back.
 */
export function shown(value: unknown): string {
  const text = String(value);
  return text.length <= shownChars ? text : `${text.slice(0, shownChars)}… (${text.length.toLocaleString('en')} characters)`;
}

/** `survey 'srv_123' not found` */
export const notFound = (kind: string, id: string): PlatformError =>
  new PlatformError('not_found', `${kind} '${shown(id)}' not found`);

/** `not authorized to edit survey 'srv_123'` */
export const notAuthorized = (action: string, kind: string, id: string): PlatformError =>
  new PlatformError('not_authorized', `not authorized to ${action} ${kind} '${shown(id)}'`);

/** `validation failed: 'title' must be 1 to 200 characters` */
export const validationFailed = (reason: string): PlatformError =>
  new PlatformError('validation_failed', `validation failed: ${reason}`);
