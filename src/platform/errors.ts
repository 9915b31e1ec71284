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

/** `survey 'srv_123' not found` */
export const notFound = (kind: string, id: string): PlatformError =>
  new PlatformError('not_found', `${kind} '${id}' not found`);

/** `not authorized to edit survey 'srv_123'` */
export const notAuthorized = (action: string, kind: string, id: string): PlatformError =>
  new PlatformError('not_authorized', `not authorized to ${action} ${kind} '${id}'`);

/** `validation failed: 'title' must be 1 to 200 characters` */
export const validationFailed = (reason: string): PlatformError =>
  new PlatformError('validation_failed', `validation failed: ${reason}`);
