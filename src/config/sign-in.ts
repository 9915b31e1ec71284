/** Tokens' lifetimes and single sign-on: the sign-in path's settings. */
import { ConfigError, parseWholeNumber } from './parse.js';

export const defaultAccessTokenTtlMs = 60 * 60 * 1000;
export const defaultRefreshGraceMs = 60 * 1000;

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
  /** `--sso-id-jag`: the token endpoint redeems the provider's ID-JAGs (enterprise-managed authorization). */
  readonly idJag?: boolean;
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
  readonly ssoIdJag?: boolean;
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
  const idJag = flags.ssoIdJag ?? parseSwitch('SURVEY_MCP_SSO_ID_JAG', env.SURVEY_MCP_SSO_ID_JAG);
  if (issuer === undefined) {
    if (clientId ?? name ?? createAccountsIn) {
      throw new ConfigError('--sso-client-id, --sso-name and --sso-create-accounts need --sso-issuer (or SURVEY_MCP_SSO_ISSUER)');
    }
    if (idJag) throw new ConfigError('--sso-id-jag needs --sso-issuer (or SURVEY_MCP_SSO_ISSUER): the identity provider whose ID-JAGs are redeemed');
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
  return { issuer: checkedIssuer, clientId, clientSecret, name: label, createAccountsIn, ...(allowedToJoin && { allowedToJoin }), ...(idJag && { idJag }) };
}

/** An on/off variable: `true`/`1` or `false`/`0` (unset or empty: off). */
function parseSwitch(variable: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new ConfigError(`${variable} '${value.slice(0, 32)}' must be true, false, 1 or 0`);
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
