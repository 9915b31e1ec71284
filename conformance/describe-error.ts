import { ResponseBodyError } from 'openid-client';

/**
 * One line for a person: openid-client wraps the useful detail ("unexpected issuer", the
 * server's error code) in a generic message and a cause, so both are shown.
 */
export function describeError(error: unknown): string {
  if (error instanceof ResponseBodyError) {
    const description = error.error_description ? ` (${error.error_description})` : '';
    return `HTTP ${error.status} with error "${error.error}"${description}`;
  }
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && cause !== error.message ? `${error.message}: ${cause}` : error.message;
}
