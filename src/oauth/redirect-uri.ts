/** Why a redirect URI is refused at registration, or undefined when it is acceptable. */
export function redirectUriProblem(uri: string): string | undefined {
  if (uri.length > 2000) return 'is longer than 2000 characters';
  if (uri.includes('#')) return 'must not contain a fragment (#)';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URI';
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (forbiddenSchemes.has(scheme)) return `uses the forbidden scheme '${scheme}:'`;
  if (scheme === 'https') return url.hostname === '' ? 'has no host' : undefined;
  if (scheme === 'http') {
    return isLoopbackHost(url.hostname)
      ? undefined
      : 'uses http on a non-loopback host: use https, or http on 127.0.0.1, [::1] or localhost';
  }
  // Anything else is a private-use scheme of a native app (RFC 8252 §7.1): cursor://, com.example.app:/cb.
  return undefined;
}

// Schemes that run code or read local data in the browser, or that no app can receive.
const forbiddenSchemes = new Set(['javascript', 'data', 'file', 'vbscript', 'blob', 'about', 'ws', 'wss', 'ftp']);

const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost']);

export const isLoopbackHost = (hostname: string): boolean => loopbackHosts.has(hostname.toLowerCase());

/**
 * A redirect URI that an app on the person's own device receives: http on loopback, or a
 * private-use scheme. Any program there may claim one (RFC 8252 §8.6).
 */
export function isNativeRedirect(uri: string): boolean {
  const url = new URL(uri);
  if (url.protocol === 'https:') return false;
  return url.protocol !== 'http:' || isLoopbackHost(url.hostname);
}

/**
 * http on loopback: only a program on the person's own device listens there, and no website can.
 * A private-use scheme is not as safe: a browser can register one and open a web address written
 * into it (`microsoft-edge:https://…`).
 */
export function isLoopbackRedirect(uri: string): boolean {
  const url = new URL(uri);
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

/**
 * Does a requested redirect URI match a registered one? Exact string match, except that an http
 * loopback URI matches on any port (RFC 8252 §7.3); `localhost` and `127.0.0.1` stay different hosts.
 */
export function redirectUriMatches(registered: string, requested: string): boolean {
  if (registered === requested) return true;
  const a = parseLoopback(registered);
  const b = parseLoopback(requested);
  return (
    a !== undefined &&
    b !== undefined &&
    a.hostname === b.hostname &&
    a.pathname === b.pathname &&
    a.search === b.search &&
    a.username === b.username &&
    a.password === b.password
  );
}

function parseLoopback(uri: string): URL | undefined {
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' && isLoopbackHost(url.hostname) && !uri.includes('#') ? url : undefined;
  } catch {
    return undefined;
  }
}
