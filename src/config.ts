import type { RateRule } from './limits/limiter.js';

/** Everything `serve` needs, resolved once from flags and the environment. */
export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  readonly authPort: number;
  /** `{base_url}`: the MCP host and OAuth issuer. Derived from host/port when not given. */
  readonly baseUrl: string | undefined;
  /** `{auth_url}`: the sign-in and token host. Derived from host/authPort when not given. */
  readonly authUrl: string | undefined;
  readonly db: string;
  /** Where rate windows live: `redis://…`, or undefined for the SQLite store file. */
  readonly rateStore: string | undefined;
  readonly mcpRateLimit: RateRule;
  readonly registerRateLimit: RateRule;
  /** Sign-in attempts per client IP, and per account email, against password guessing. */
  readonly signInRateLimit: RateRule;
  /** Browser origins allowed to call the MCP endpoint besides the server's own. */
  readonly allowedOrigins: readonly string[];
  /** Trust `X-Forwarded-For` from a reverse proxy for the per-IP registration limit. */
  readonly trustProxy: boolean;
  readonly seedDemo: boolean;
  /** Spec 2.2 says one hour; test deployments shorten it so expiry can be observed. */
  readonly accessTokenTtlMs: number;
  /**
   * Fetch client metadata documents from loopback and private addresses too. Off in production:
   * an https client_id could otherwise aim our fetches at the machine or its network (SSRF).
   */
  readonly allowPrivateClientMetadata?: boolean;
}

export const defaultDbFile = 'survey-mcp.db';

/** `--db`, else `SURVEY_MCP_DB`, else a file in the working directory. */
export function resolveDb(flag: string | undefined, env = process.env): string {
  return flag ?? env.SURVEY_MCP_DB ?? defaultDbFile;
}

export function resolveRateStore(flag: string | undefined, env = process.env): string | undefined {
  return flag ?? env.SURVEY_MCP_RATE_STORE;
}

export const defaultAccessTokenTtlMs = 60 * 60 * 1000;

/** Whole seconds from 1 to 3600 (the spec's hour is the longest an access token may live). */
export function parseTokenTtl(flag: string, value: string): number {
  const seconds = Number(value);
  if (!/^\d+$/.test(value.trim()) || seconds < 1 || seconds > 3600) {
    throw new RangeError(`${flag} '${value}' must be whole seconds from 1 to 3600`);
  }
  return seconds * 1000;
}

export const defaultMcpRateLimit: RateRule = { limit: 180, windowMs: 60_000 };
export const defaultRegisterRateLimit: RateRule = { limit: 20, windowMs: 60_000 };
export const defaultSignInRateLimit: RateRule = { limit: 20, windowMs: 60_000 };

/** Parses `N/S` (N requests per S seconds), e.g. `180/60`. */
export function parseRateRule(flag: string, value: string): RateRule {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const limit = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || limit < 1 || seconds < 1 || seconds > 3600) {
    throw new RangeError(
      `${flag} '${value}' is not N/S: give requests per window in seconds, e.g. 180/60 (S from 1 to 3600)`,
    );
  }
  return { limit, windowMs: seconds * 1000 };
}

export function parsePort(flag: string, value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new RangeError(`${flag} '${value}' is not a port number (0 to 65535; 0 picks a free port)`);
  }
  return port;
}

/** A browser origin such as `https://app.example.com` (scheme, host and port; no wildcard). */
export function parseOrigin(flag: string, value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value.replace(/\/$/, '')) {
    throw new RangeError(`${flag} '${value}' is not an origin: give scheme, host and port only, e.g. https://app.example.com`);
  }
  return url.origin;
}

/** An absolute http(s) URL with no trailing slash, query or fragment: issuer rules. */
export function parsePublicUrl(flag: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RangeError(`${flag} '${value}' is not an absolute URL, e.g. https://surveys.example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new RangeError(`${flag} '${value}' must use https (or http for local use)`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new RangeError(`${flag} '${value}' must not carry a query, fragment or credentials`);
  }
  return url.href.replace(/\/+$/, '');
}
