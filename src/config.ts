import { defaultConnectionLimits, type ConnectionLimits } from './limits/connections.js';
import { defaultMcpInFlightLimit } from './limits/in-flight.js';
import type { RateRule } from './limits/limiter.js';
import { defaultAuditRetentionMs, defaultShutdownGraceMs, type MetricsListen, type ServerLogSettings } from './telemetry/settings.js';

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
  /** MCP requests one person may have running at once; 100 more wait up to 10 s, more get 429. */
  readonly mcpInFlightLimit: number;
  /** Request and header deadlines, keep-alive and sockets per client address, on both hosts. */
  readonly connectionLimits: ConnectionLimits;
  readonly registerRateLimit: RateRule;
  /** Sign-in attempts per client IP, and per account email, against password guessing. */
  readonly signInRateLimit: RateRule;
  /** Token requests per client address (`--token-rate-limit`). */
  readonly tokenRateLimit: RateRule;
  /** Refreshes per grant, over all addresses (`--token-grant-rate-limit`). */
  readonly tokenGrantRateLimit: RateRule;
  /** Browser origins allowed to call the MCP endpoint besides the server's own. */
  readonly allowedOrigins: readonly string[];
  /** Trust `X-Forwarded-For` from a reverse proxy for the per-IP registration limit. */
  readonly trustProxy: boolean;
  readonly seedDemo: boolean;
  /** Spec 2.2 says one hour; test deployments shorten it so expiry can be observed. */
  readonly accessTokenTtlMs: number;
  /**
   * How long a rotated refresh token, presented again by its client, is a retry answered with the
   * live token instead of a replay that revokes the grant (issue 23); 0 turns retries off.
   */
  readonly refreshGraceMs: number;
  /** What `GET /` (the notification stream) answers; absent, the contract's 404. */
  readonly streamGetStatus: StreamGetStatus;
  /**
   * Fetch client metadata documents from loopback and private addresses too. Off in production:
   * an https client_id could otherwise aim our fetches at the machine or its network (SSRF).
   */
  readonly allowPrivateClientMetadata: boolean;
  /**
   * Accept private_key_jwt (RFC 7523) from clients known by their metadata document, and list it
   * beside `none` in the metadata: ChatGPT's document declares it. Off, as the contract's metadata says.
   */
  readonly clientAuthPrivateKeyJwt: boolean;
  /** Sign-in through the company's OpenID provider, beside the password form; off when undefined. */
  readonly sso: SsoSettings | undefined;
  /** Prometheus metrics on a listener of their own (`--metrics-port`); off when undefined. */
  readonly metrics: MetricsListen | undefined;
  /** The structured request log; off when undefined (`serve` turns it on, at `info`). */
  readonly log: ServerLogSettings | undefined;
  /** On SIGTERM, how long requests in flight have to finish before their connections are cut. */
  readonly shutdownGraceMs: number;
  /** Audit events older than this are purged, at start and hourly (`--audit-retention-days`). */
  readonly auditRetentionMs: number;
}

/** The relying party's settings at the company's OpenID provider. */
export interface SsoSettings {
  /** The provider's issuer identifier, discovered at start-up (OpenID Connect Discovery). */
  readonly issuer: string;
  readonly clientId: string;
  /** Undefined: a public client, with PKCE alone. */
  readonly clientSecret: string | undefined;
  /** The button says "Sign in with <name>". */
  readonly name: string;
  /** A workspace where a verified email with no account gets a member account; off when undefined. */
  readonly createAccountsIn: string | undefined;
  /** Who may get such an account (`--sso-allowed-domains`): required with `createAccountsIn`. */
  readonly allowedToJoin?: readonly string[];
}

export const defaultDbFile = 'survey-mcp.db';
export const defaultHost = '127.0.0.1';
export const defaultPort = 8787;
export const defaultAuthPort = 8788;

/** A configuration that cannot run (a rule across fields): the CLI exits 2, as for a bad flag. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** `--db`, else `SURVEY_MCP_DB`, else a file in the working directory. */
export function resolveDb(flag: string | undefined, env = process.env): string {
  return flag ?? env.SURVEY_MCP_DB ?? defaultDbFile;
}

export function resolveRateStore(flag: string | undefined, env = process.env): string | undefined {
  return flag ?? env.SURVEY_MCP_RATE_STORE;
}

export const defaultAccessTokenTtlMs = 60 * 60 * 1000;
export const defaultRefreshGraceMs = 60 * 1000;

/**
 * The one parser of whole-number flags: digits only (no sign, exponent or fraction), within
 * `min`..`max`; the message names the flag, the value and the range in the flag's `unit`.
 */
export function parseWholeNumber(flag: string, value: string, range: { min: number; max: number; unit?: string }): number {
  const number = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || number < range.min || number > range.max) {
    const what = range.unit ? `whole ${range.unit}` : 'a whole number';
    const [min, max] = [range.min, range.max].map((bound) => bound.toLocaleString('en'));
    throw new RangeError(`${flag} '${value}' must be ${what} from ${min} to ${max}`);
  }
  return number;
}

/** Whole seconds from 1 to 3600 (the spec's hour is the longest an access token may live). */
export const parseTokenTtl = (flag: string, value: string): number =>
  parseWholeNumber(flag, value, { min: 1, max: 3600, unit: 'seconds' }) * 1000;

/** Whole seconds from 0 (no grace) to 3600. */
export const parseRefreshGrace = (flag: string, value: string): number =>
  parseWholeNumber(flag, value, { min: 0, max: 3600, unit: 'seconds' }) * 1000;

/** `--refresh-grace`, else `SURVEY_MCP_REFRESH_GRACE` (seconds), else 60 seconds. */
export function resolveRefreshGrace(flagMs: number | undefined, env = process.env): number {
  if (flagMs !== undefined) return flagMs;
  const fromEnv = env.SURVEY_MCP_REFRESH_GRACE;
  if (fromEnv === undefined) return defaultRefreshGraceMs;
  try {
    return parseRefreshGrace('SURVEY_MCP_REFRESH_GRACE', fromEnv);
  } catch (error) {
    throw new ConfigError((error as RangeError).message);
  }
}

/**
 * The contract answers the stream GET with 404; the MCP transport spec (2025-11-25) says 405, and
 * strict clients (the MCP Inspector) treat anything else as a failed transport.
 */
export type StreamGetStatus = 404 | 405;

export const defaultStreamGetStatus: StreamGetStatus = 404;

export function parseStreamGetStatus(flag: string, value: string): StreamGetStatus {
  const trimmed = value.trim();
  if (trimmed === '404' || trimmed === '405') return Number(trimmed) as StreamGetStatus;
  throw new RangeError(
    `${flag} '${value}' must be 404 (the contract's answer, the default) or 405 (what strict clients such as the MCP Inspector accept)`,
  );
}

export const defaultMcpRateLimit: RateRule = { limit: 180, windowMs: 60_000 };
export const defaultRegisterRateLimit: RateRule = { limit: 20, windowMs: 60_000 };
export const defaultSignInRateLimit: RateRule = { limit: 20, windowMs: 60_000 };
/**
 * Far above any real client: Gemini CLI renews before almost every request, twice in parallel,
 * and the MCP endpoint admits 180 requests a minute per person, so one grant needs at most ~360
 * renewals a minute; an address may be an office of many people behind one NAT.
 */
export const defaultTokenGrantRateLimit: RateRule = { limit: 400, windowMs: 60_000 };
export const defaultTokenRateLimit: RateRule = { limit: 1200, windowMs: 60_000 };

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
  try {
    return parseWholeNumber(flag, value, { min: 0, max: 65535 });
  } catch {
    throw new RangeError(`${flag} '${value}' is not a port number (0 to 65535; 0 picks a free port)`);
  }
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

/**
 * The one place that completes a configuration: every default (for each field left out or
 * undefined), then the rules across fields. `serve`, the tests and the benchmark build theirs here.
 */
export function serverConfig(partial: Partial<ServerConfig> = {}, env = process.env): ServerConfig {
  const given = Object.fromEntries(Object.entries(partial).filter(([, value]) => value !== undefined)) as Partial<ServerConfig>;
  const config: ServerConfig = {
    host: defaultHost,
    port: defaultPort,
    authPort: defaultAuthPort,
    baseUrl: undefined,
    authUrl: undefined,
    mcpRateLimit: defaultMcpRateLimit,
    mcpInFlightLimit: defaultMcpInFlightLimit,
    connectionLimits: defaultConnectionLimits,
    registerRateLimit: defaultRegisterRateLimit,
    signInRateLimit: defaultSignInRateLimit,
    tokenRateLimit: defaultTokenRateLimit,
    tokenGrantRateLimit: defaultTokenGrantRateLimit,
    allowedOrigins: [],
    trustProxy: false,
    seedDemo: true,
    accessTokenTtlMs: defaultAccessTokenTtlMs,
    streamGetStatus: defaultStreamGetStatus,
    allowPrivateClientMetadata: false,
    clientAuthPrivateKeyJwt: false,
    sso: undefined,
    metrics: undefined,
    log: undefined,
    shutdownGraceMs: defaultShutdownGraceMs,
    auditRetentionMs: defaultAuditRetentionMs,
    ...given,
    db: resolveDb(partial.db, env),
    rateStore: resolveRateStore(partial.rateStore, env),
    refreshGraceMs: resolveRefreshGrace(partial.refreshGraceMs, env),
  };
  // A PostgreSQL store is shared by several instances, and so must their rate windows be, or
  // each instance would admit the full limit on its own.
  if (config.rateStore === undefined && /^postgres(ql)?:/i.test(config.db)) {
    throw new ConfigError(
      '--db postgres://… needs --rate-store redis://HOST:6379 (or SURVEY_MCP_RATE_STORE): rate windows must be shared by every instance',
    );
  }
  // Port 0 twice is fine: each listener gets a free port of its own.
  if (config.port === config.authPort && config.port !== 0) {
    throw new ConfigError(
      `--port ${config.port} and --auth-port ${config.authPort} must differ: the MCP host and the sign-in host each listen on a port of their own`,
    );
  }
  return config;
}

export const defaultSsoName = 'single sign-on';

/** The `serve --sso-*` flags as given; each falls back to its `SURVEY_MCP_SSO_*` variable. */
export interface SsoFlags {
  readonly ssoIssuer?: string;
  readonly ssoClientId?: string;
  readonly ssoClientSecret?: string;
  readonly ssoName?: string;
  readonly ssoCreateAccounts?: string;
  readonly ssoAllowedDomains?: string;
}

/** An issuer is https; http only on loopback, where tests and local providers run. */
export function parseIssuerUrl(flag: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RangeError(`${flag} '${value}' is not an absolute URL, e.g. https://company.okta.com/oauth2/default`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new RangeError(`${flag} '${value}' must use https (http only on loopback, for local testing)`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new RangeError(`${flag} '${value}' must not carry a query, fragment or credentials`);
  }
  return value.trim();
}

/** Single sign-on from flags and environment: off when neither names an issuer. */
export function resolveSso(flags: SsoFlags, env = process.env): SsoSettings | undefined {
  const pick = (flag: string | undefined, variable: string) => flag ?? (env[variable] || undefined);
  const issuer = pick(flags.ssoIssuer, 'SURVEY_MCP_SSO_ISSUER');
  const clientId = pick(flags.ssoClientId, 'SURVEY_MCP_SSO_CLIENT_ID');
  const clientSecret = pick(flags.ssoClientSecret, 'SURVEY_MCP_SSO_CLIENT_SECRET');
  const name = pick(flags.ssoName, 'SURVEY_MCP_SSO_NAME');
  const createAccountsIn = pick(flags.ssoCreateAccounts, 'SURVEY_MCP_SSO_CREATE_ACCOUNTS');
  const allowedToJoin = parseAllowedToJoin(pick(flags.ssoAllowedDomains, 'SURVEY_MCP_SSO_ALLOWED_DOMAINS'), createAccountsIn);
  if (issuer === undefined) {
    if (clientId ?? name ?? createAccountsIn) {
      throw new ConfigError('--sso-client-id, --sso-name and --sso-create-accounts need --sso-issuer (or SURVEY_MCP_SSO_ISSUER)');
    }
    return undefined;
  }
  if (clientId === undefined) {
    throw new ConfigError('--sso-issuer needs --sso-client-id (or SURVEY_MCP_SSO_CLIENT_ID): the client registered at the provider');
  }
  const label = name?.trim() || defaultSsoName;
  if (label.length > 60) throw new ConfigError(`--sso-name '${label}' must be at most 60 characters`);
  let checkedIssuer: string;
  try {
    checkedIssuer = parseIssuerUrl('--sso-issuer', issuer);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return { issuer: checkedIssuer, clientId, clientSecret, name: label, createAccountsIn, ...(allowedToJoin && { allowedToJoin }) };
}

const domainPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * `--sso-allowed-domains`: comma-separated email domains (`example.com`), or the provider's
 * hosted-domain (`hd:example.com`, Google) or tenant claim (`tid:…`, Entra). Creating accounts
 * without one would make a member of anyone a multi-tenant provider vouches for.
 */
function parseAllowedToJoin(value: string | undefined, createAccountsIn: string | undefined): readonly string[] | undefined {
  if (value === undefined) {
    if (createAccountsIn === undefined) return undefined;
    throw new ConfigError(
      '--sso-create-accounts needs --sso-allowed-domains (or SURVEY_MCP_SSO_ALLOWED_DOMAINS): the email domains whose people may get an account, e.g. --sso-allowed-domains example.com (or hd:example.com, tid:TENANT-ID)',
    );
  }
  if (createAccountsIn === undefined) throw new ConfigError('--sso-allowed-domains applies only with --sso-create-accounts');
  const entries = value.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  if (entries.length === 0) throw new ConfigError('--sso-allowed-domains names no domain: give at least one, e.g. example.com');
  for (const entry of entries) {
    const tenant = entry.startsWith('tid:') ? entry.slice(4) : undefined;
    const domain = entry.startsWith('hd:') ? entry.slice(3) : entry;
    if (tenant !== undefined ? !/^[a-z0-9-]{1,64}$/.test(tenant) : !domainPattern.test(domain)) {
      throw new ConfigError(`--sso-allowed-domains '${entry.slice(0, 64)}' is not an email domain (example.com), hd:DOMAIN or tid:TENANT-ID`);
    }
  }
  return entries;
}
