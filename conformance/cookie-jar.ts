interface StoredCookie {
  readonly name: string;
  readonly value: string;
  readonly domain: string;
  /** Without a Domain attribute a cookie goes back to exactly the host that set it. */
  readonly hostOnly: boolean;
  readonly path: string;
  readonly secure: boolean;
  readonly expiresAt: number | undefined;
}

/**
 * Just enough of a browser's cookie store to carry a sign-in session between the deployment's
 * pages. Like a browser it ignores ports: 127.0.0.1:8787 and 127.0.0.1:8788 share cookies.
 */
export class CookieJar {
  private cookies: StoredCookie[] = [];

  store(url: string, setCookie: readonly string[]): void {
    const origin = new URL(url);
    for (const line of setCookie) {
      const cookie = parseSetCookie(line, origin);
      if (!cookie) continue;
      this.cookies = this.cookies.filter(
        (kept) => !(kept.name === cookie.name && kept.domain === cookie.domain && kept.path === cookie.path),
      );
      if (cookie.expiresAt === undefined || cookie.expiresAt > Date.now()) this.cookies.push(cookie);
    }
  }

  /** The Cookie header a browser would send to `url`, or undefined when none applies. */
  headerFor(url: string): string | undefined {
    const target = new URL(url);
    const now = Date.now();
    const matching = this.cookies.filter(
      (cookie) =>
        (cookie.expiresAt === undefined || cookie.expiresAt > now) &&
        domainMatches(cookie, target.hostname) &&
        pathMatches(cookie.path, target.pathname) &&
        (!cookie.secure || target.protocol === 'https:'),
    );
    return matching.length === 0 ? undefined : matching.map((c) => `${c.name}=${c.value}`).join('; ');
  }
}

function parseSetCookie(line: string, origin: URL): StoredCookie | undefined {
  const [pair = '', ...attributes] = line.split(';');
  const separator = pair.indexOf('=');
  if (separator <= 0) return undefined;
  let domain = origin.hostname;
  let hostOnly = true;
  let path = defaultPath(origin.pathname);
  let secure = false;
  let expiresAt: number | undefined;
  for (const attribute of attributes) {
    const [rawName = '', ...rest] = attribute.split('=');
    const name = rawName.trim().toLowerCase();
    const value = rest.join('=').trim();
    if (name === 'domain' && value) {
      domain = value.replace(/^\./, '').toLowerCase();
      hostOnly = false;
    } else if (name === 'path' && value.startsWith('/')) {
      path = value;
    } else if (name === 'secure') {
      secure = true;
    } else if (name === 'max-age' && /^-?\d+$/.test(value)) {
      expiresAt = Date.now() + Number(value) * 1000;
    } else if (name === 'expires' && expiresAt === undefined) {
      const time = Date.parse(value);
      if (!Number.isNaN(time)) expiresAt = time;
    }
  }
  return {
    name: pair.slice(0, separator).trim(),
    value: pair.slice(separator + 1).trim(),
    domain,
    hostOnly,
    path,
    secure,
    expiresAt,
  };
}

function defaultPath(pathname: string): string {
  const lastSlash = pathname.lastIndexOf('/');
  return lastSlash <= 0 ? '/' : pathname.slice(0, lastSlash);
}

function domainMatches(cookie: StoredCookie, hostname: string): boolean {
  if (cookie.hostOnly) return hostname === cookie.domain;
  return hostname === cookie.domain || hostname.endsWith(`.${cookie.domain}`);
}

function pathMatches(cookiePath: string, requestPath: string): boolean {
  if (requestPath === cookiePath || cookiePath === '/') return true;
  return requestPath.startsWith(cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`);
}
