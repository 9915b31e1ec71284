import { ResponseBodyError } from 'openid-client';

/**
 * One line for a person: openid-client wraps the useful detail ("unexpected issuer", the
 * server's error code, the URL it refused to request) in a generic message and a chain of
 * causes, so the chain is shown too.
 */
export function describeError(error: unknown): string {
  if (error instanceof ResponseBodyError) {
    const description = error.error_description ? ` (${error.error_description})` : '';
    return `HTTP ${error.status} with error "${error.error}"${description}`;
  }
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  const message = cause && cause !== error.message ? `${error.message}: ${cause}` : error.message;
  const url = refusedUrl(error);
  return url && !message.includes(url) ? `${message} (the request to ${url})` : message;
}

/** oauth4webapi names the URL it would not request ("only requests to HTTPS are allowed") as a cause. */
function refusedUrl(error: Error): string | undefined {
  let cause: unknown = error.cause;
  for (let depth = 0; depth < 4 && cause !== undefined; depth += 1) {
    if (cause instanceof URL) return cause.href;
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return undefined;
}
