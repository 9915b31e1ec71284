import { defaultConnectionLimits, type ConnectionLimits } from './limits/connections.js';
import { defaultMcpInFlightLimit } from './limits/in-flight.js';
import type { RateRule } from './limits/limiter.js';
import { defaultAuditRetentionMs, defaultShutdownGraceMs, type MetricsListen, type ServerLogSettings } from './telemetry/settings.js';
import type { SpanExportSettings } from './telemetry/span-export.js';
import {
  defaultMcpRateLimit,
  defaultRegisterRateLimit,
  defaultSignInRateLimit,
  defaultTokenGrantRateLimit,
  defaultTokenRateLimit,
} from './config/limits.js';
import { defaultAuthPort, defaultHost, defaultPort, defaultStreamGetStatus, type StreamGetStatus } from './config/listen.js';
import { ConfigError } from './config/parse.js';
import { defaultAccessTokenTtlMs, resolveRefreshGrace, type SsoSettings } from './config/sign-in.js';
import { resolveDb, resolveRateStore } from './config/store.js';

// One module per concern under config/; this one composes them and is what callers import.
export * from './config/limits.js';
export * from './config/listen.js';
export * from './config/parse.js';
export * from './config/sign-in.js';
export * from './config/span-export.js';
export * from './config/store.js';

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
  /** MCP requests one person may have running at once; the rest of their budget waits up to 10 s each, then 429. */
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
  /** One span per request to an OpenTelemetry collector (`--otlp-endpoint`); off when undefined. */
  readonly spanExport: SpanExportSettings | undefined;
  /** On SIGTERM, how long requests in flight have to finish before their connections are cut. */
  readonly shutdownGraceMs: number;
  /** Audit events older than this are purged, at start and hourly (`--audit-retention-days`). */
  readonly auditRetentionMs: number;
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
    spanExport: undefined,
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

