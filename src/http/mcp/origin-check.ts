import type { JsonAnswer } from '../json-answer.js';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Refuses a browser request whose `Origin` is neither ours, a configured one, nor loopback
 * (DNS rebinding: a hostile page resolved to 127.0.0.1 still sends its own origin). Requests
 * without `Origin` come from non-browser clients and pass. The check returns the 403 to send, or
 * nothing when the origin may call.
 */
export function originCheck(own: readonly string[], configured: readonly string[]): (origin: string | undefined) => JsonAnswer | undefined {
  const allowed = new Set([...own, ...configured].map((url) => new URL(url).origin));
  return function refuseForeignOrigin(origin) {
    if (origin === undefined || allowed.has(origin) || isLoopbackOrigin(origin)) return undefined;
    return {
      status: 403,
      body: {
        error: 'forbidden_origin',
        error_description: `origin '${origin}' may not call this server; start it with --allowed-origin ${origin} to allow it`,
      },
    };
  };
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && loopbackHosts.has(url.hostname);
  } catch {
    return false;
  }
}
