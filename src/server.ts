import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, type ServerConfig, type SsoSettings } from './config.js';
import { createAuthApp } from './http/auth-app.js';
import { clientAddressKey } from './http/client-address.js';
import { createLimitedServer, serveWithinLimits } from './http/connection-limits.js';
import { drainServer, ServingPhases } from './http/serving-phases.js';
import { metricsEndpoint } from './http/telemetry/metrics-endpoint.js';
import { observeRequests, type RequestTelemetry } from './http/telemetry/observe-requests.js';
import { authHostRoutes, mcpHostRoutes } from './http/telemetry/routes.js';
import type { ConnectionLimits } from './limits/connections.js';
import { createMcpApp } from './http/mcp-app.js';
import { mcpEndpoint, type McpEndpointOptions } from './http/mcp/endpoint.js';
import { createMcpDispatcher } from './mcp/server.js';
import { createPlatform } from './platform/index.js';
import { InFlightLimit, inFlightRule } from './limits/in-flight.js';
import type { RateRule } from './limits/limiter.js';
import { isRedisUrl, openSlidingLog } from './limits/open.js';
import { defaultFetchPolicy, type FetchPolicy } from './oauth/client-metadata/fetch-document.js';
import { ClientKeySets } from './oauth/client-metadata/key-sets.js';
import { ClientMetadataResolver } from './oauth/client-metadata/resolver.js';
import type { OAuthContext, SingleSignOn } from './oauth/context.js';
import { systemClock, type Clock } from './platform/clock.js';
import { operator } from './platform/context.js';
import { accountRule } from './oauth/handlers/sign-in.js';
import { openStore, sqliteFileOf } from './store/open.js';
import type { Store } from './store/store.js';
import type { SlidingLog } from './limits/limiter.js';
import { ServerMetrics } from './telemetry/metrics.js';
import type { DestinationStream } from 'pino';
import { ServerLog } from './telemetry/request-log.js';
import { timedMethods } from './telemetry/timed.js';

export interface RunningServer {
  /** `{base_url}`: the MCP host and OAuth issuer. */
  readonly baseUrl: string;
  /** `{auth_url}`: sign-in, consent, token and revocation. */
  readonly authUrl: string;
  readonly store: Store;
  /** True when this start seeded the demo people into an empty store. */
  readonly seeded: boolean;
  /** `http://HOST:PORT/metrics` when metrics are on. */
  readonly metricsUrl: string | undefined;
  /** The structured log when on: `serve` writes its start and stop there too. */
  readonly log: ServerLog | undefined;
  /**
   * Stops both hosts and closes the rate log and the store. With `graceMs` (SIGTERM), readiness
   * answers 503 at once, no new connection is accepted, and requests in flight have that long to
   * finish before their connections are cut; without, connections are cut at once.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

export interface ServerDeps {
  readonly clock?: Clock;
  /** Tests shorten the deadline and bring their own CA for a client's https host. */
  readonly clientMetadataFetch?: Partial<Pick<FetchPolicy, 'ca' | 'timeoutMs' | 'resolve'>>;
  /** Tests fetch dozens of documents from one loopback host within a minute. */
  readonly clientMetadataHostRule?: RateRule;
  /** ...and from one caller address. */
  readonly clientMetadataCallerRule?: RateRule;
  /** Tests watch whose requests run and wait; by default one of `config.mcpInFlightLimit`. */
  readonly mcpInFlight?: InFlightLimit;
  /** How long a call waits for the person to confirm; tests shorten it (default 50 seconds). */
  readonly elicitationDeadlineMs?: number;
  /** Where the structured log writes instead of stdout (tests read it). */
  readonly logDestination?: DestinationStream;
}

/** The composition root: store, rate log and both hosts, built from one config. */
export async function startServer(config: ServerConfig, deps: ServerDeps = {}): Promise<RunningServer> {
  const clock = deps.clock ?? systemClock;
  const rateStore = rateStoreOf(config);
  const metrics = config.metrics && new ServerMetrics();
  const log = config.log && new ServerLog({ ...config.log, destination: deps.logDestination });
  const store = timedBy(metrics, await openStore(config.db));
  const cleanup: Array<() => Promise<void>> = [() => store.close()];
  const listeners: Server[] = [];
  const phases = new Map<Server, ServingPhases>();
  let draining = false;
  const close = async (options: { graceMs?: number } = {}) => {
    draining = true;
    // The listeners first, side by side: with a grace, requests in flight still need everything below.
    await Promise.all(listeners.map((server) => drainServer(server, phases.get(server), options.graceMs ?? 0)));
    for (const step of cleanup.reverse()) await step();
    log?.event('stopped');
    await log?.flush();
  };
  try {
    const movingFrom = config.rateStore ? undefined : sqliteFileOf(config.db);
    const slidingLog = timedBy(metrics, await openSlidingLog(rateStore, { retainMs: longestWindowMs(config, deps), movingFrom }), rateStore);
    cleanup.push(() => slidingLog.close());
    // Redis connects in the background; one request now makes a wrong or unreachable rate store
    // a start-up error instead of a 503 on every request. What it logs leaves the window in a second.
    await slidingLog.consume('startup-probe', { limit: 1, windowMs: 1000 });
    const seeded = config.seedDemo && (await store.listUsers()).length === 0;
    if (seeded) {
      // Loaded only when needed: the demo generator and its texts are the bulk of the platform.
      const { seedDemo } = await import('./platform/demo/index.js');
      await seedDemo({ store, clock }, operator);
    }
    const sso = config.sso && (await singleSignOn(config.sso, store, clock));
    cleanup.push(await purgeAuditOnSchedule(store, clock, config.auditRetentionMs, log));
    // Loaded only when on: the OpenTelemetry SDK is not every server's cost.
    const spans = config.spanExport && new (await import('./telemetry/span-export.js')).SpanExport(config.spanExport);
    if (spans) cleanup.push(() => spans.shutdown());

    // Requests that reach a host before its app is wired below are held (ServingPhases), not lost.
    const mcpServer = await listen(config.host, config.port, config.connectionLimits);
    listeners.push(mcpServer);
    const mcpPhases = servedInPhases(mcpServer);
    phases.set(mcpServer, mcpPhases);
    const authServer = await listen(config.host, config.authPort, config.connectionLimits);
    listeners.push(authServer);
    const authPhases = servedInPhases(authServer);
    phases.set(authServer, authPhases);
    let metricsUrl: string | undefined;
    if (metrics && config.metrics) {
      const metricsServer = await listen(config.metrics.host, config.metrics.port, config.connectionLimits, '--metrics-port', createServer());
      listeners.push(metricsServer);
      metricsServer.on('request', metricsEndpoint(metrics));
      metricsUrl = `${localUrl(config.metrics.host, metricsServer)}/metrics`;
    }
    const baseUrl = config.baseUrl ?? localUrl(config.host, mcpServer);
    const authUrl = config.authUrl ?? localUrl(config.host, authServer);

    const clientMetadata = new ClientMetadataResolver({
      policy: { ...defaultFetchPolicy, allowPrivateAddresses: config.allowPrivateClientMetadata, ...deps.clientMetadataFetch },
      clock,
      slidingLog,
      hostRule: deps.clientMetadataHostRule,
      callerRule: deps.clientMetadataCallerRule,
      callerKey: clientAddressKey,
      approvedBefore: async (clientId) => (await store.findClient(clientId)) !== undefined,
      copies: store,
      onFetch: metrics && ((outcome) => metrics.clientMetadataFetch(outcome)),
    });
    const privateKeyJwt = config.clientAuthPrivateKeyJwt
      ? new ClientKeySets({ fetch: (url, clientId) => clientMetadata.fetchKeySet(url, clientId), clock })
      : undefined;
    const context: OAuthContext = {
      store,
      clock,
      issuer: baseUrl,
      authUrl,
      accessTokenTtlMs: config.accessTokenTtlMs,
      refreshGraceMs: config.refreshGraceMs,
      clientMetadata,
      ...(privateKeyJwt ? { privateKeyJwt } : {}),
      ...(sso ? { sso } : {}),
    };
    // Scaled out, the instances share what clients declared and people's answers through the rate store's Redis.
    const elicitationShare = isRedisUrl(rateStore) ? new (await import('./limits/redis-elicitation.js')).RedisElicitationShare(rateStore) : undefined;
    const dispatcher = await createMcpDispatcher(createPlatform({ store, clock }), {
      changeStamp: store.changeStamp,
      clock,
      elicitationShare,
      elicitationDeadlineMs: deps.elicitationDeadlineMs,
      confirmationPage: `${authUrl}/confirm`,
    });
    cleanup.push(() => dispatcher.close());
    const mcp: McpEndpointOptions = {
      dispatcher,
      store,
      slidingLog,
      clock,
      baseUrl,
      authUrl,
      rateRule: config.mcpRateLimit,
      inFlight: deps.mcpInFlight ?? new InFlightLimit(inFlightRule(config.mcpInFlightLimit, config.mcpRateLimit)),
      allowedOrigins: config.allowedOrigins,
      streamGetStatus: config.streamGetStatus,
    };
    const app = createMcpApp({
      context,
      slidingLog,
      registerRateLimit: config.registerRateLimit,
      trustProxy: config.trustProxy,
      readiness: { store, slidingLog, draining: () => draining },
    });
    // `/` skips Express (its routing cost ~100 µs a request); every other path goes to the app.
    const endpoint = mcpEndpoint(mcp);
    const telemetry: RequestTelemetry = { metrics, log, spans, trustProxy: config.trustProxy };
    mcpPhases.open(observeRequests('mcp', mcpHostRoutes, telemetry, (req, res) => endpoint(req, res, () => app(req, res))));
    authPhases.open(
      observeRequests(
        'auth',
        authHostRoutes,
        telemetry,
        createAuthApp({
          context,
          trustProxy: config.trustProxy,
          slidingLog,
          signInRateLimit: config.signInRateLimit,
          tokenRateLimit: config.tokenRateLimit,
          tokenGrantRateLimit: config.tokenGrantRateLimit,
        }),
      ),
    );
    return { baseUrl, authUrl, store, seeded, metricsUrl, log, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Discovers the company's OpenID provider before serving, so a wrong issuer stops `serve` rather
 * than showing a button that cannot work; so does a workspace for new accounts that does not exist.
 */
async function singleSignOn(settings: SsoSettings, store: Store, clock: Clock): Promise<SingleSignOn> {
  if (settings.createAccountsIn !== undefined && !(await store.findWorkspace(settings.createAccountsIn))) {
    throw new ConfigError(`--sso-create-accounts '${settings.createAccountsIn}' names no workspace in this store`);
  }
  if (settings.createAccountsIn !== undefined && !settings.allowedToJoin?.length) {
    throw new ConfigError('--sso-create-accounts needs --sso-allowed-domains: the email domains whose people may get an account');
  }
  // Loaded only with single sign-on: openid-client adds a few MB to every other server.
  const { SsoRelyingParty } = await import('./oauth/sso/relying-party.js');
  const relyingParty = await SsoRelyingParty.discover(settings);
  const idJag = settings.idJag ? (await import('./oauth/id-jag/keys.js')).idJagKeys(relyingParty.keySet, clock) : undefined;
  return { name: settings.name, relyingParty, createAccountsIn: settings.createAccountsIn, allowedToJoin: settings.allowedToJoin, ...(idJag && { idJag }) };
}

/** Purges audit events past the retention before serving and every hour after; returns what stops it. */
async function purgeAuditOnSchedule(store: Store, clock: Clock, retentionMs: number, log: ServerLog | undefined): Promise<() => Promise<void>> {
  const purge = () =>
    store.purgeAuditEvents(clock.now() - retentionMs).then(
      () => undefined,
      (error: Error) => log?.event('audit purge failed', { error: error.name }, 'warn'),
    );
  await purge();
  const timer = setInterval(purge, 60 * 60 * 1000);
  timer.unref();
  return async () => clearInterval(timer);
}

/** What the store file's name gains for the rate log's file beside it: `survey-mcp.db-rates`. */
export const rateLogFileSuffix = '-rates';

/**
 * Where the rate windows live: the rate store named (serverConfig requires one for PostgreSQL),
 * else a SQLite file of their own beside the store's, or `:memory:` beside an in-memory store. Not
 * in the store's file: the log commits ten times a second, and each commit would move the change
 * stamp the store's shared reads are kept under.
 */
export function rateStoreOf(config: Pick<ServerConfig, 'db' | 'rateStore'>): string {
  if (config.rateStore) return config.rateStore;
  const storeFile = sqliteFileOf(config.db);
  return storeFile === undefined ? ':memory:' : `${storeFile}${rateLogFileSuffix}`;
}

/** The longest window any rule of this server counts in: what the rate log must keep through a restart. */
function longestWindowMs(config: ServerConfig, deps: ServerDeps): number {
  const rules = [
    config.mcpRateLimit,
    config.registerRateLimit,
    accountRule(config.signInRateLimit),
    config.tokenRateLimit,
    config.tokenGrantRateLimit,
    deps.clientMetadataHostRule,
    deps.clientMetadataCallerRule,
  ];
  return Math.max(...rules.map((rule) => rule?.windowMs ?? 0));
}

/** What `serve` says of a port another process holds, before the start (preflight) or at it. */
export const portInUse = (host: string, port: number, flags = '--port/--auth-port'): string =>
  `port ${port} on ${host} is in use: pick another with ${flags} (0 picks a free one)`;

/** Binds first and attaches the app after, because the app needs the URL a port 0 bind yields. */
function listen(host: string, port: number, limits: ConnectionLimits, flags = '--port/--auth-port', server = createLimitedServer(limits)): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' ? new Error(portInUse(host, port, flags)) : error,
      ),
    );
    server.listen(port, host, () => resolve(server));
  });
}

/** A limited host's requests, answered through its phases from the moment it listens. */
function servedInPhases(server: Server): ServingPhases {
  const phases = new ServingPhases();
  serveWithinLimits(server, phases.handle);
  return phases;
}

/** The store or rate log with each operation timed into the metrics, when they are on. */
function timedBy<T extends Store | SlidingLog>(metrics: ServerMetrics | undefined, target: T, rateStore?: string): T {
  if (!metrics) return target;
  if ('backend' in target) return timedMethods(target, (operation, seconds, failed) => metrics.storeOperation(target.backend, operation, seconds, failed));
  const name = isRedisUrl(rateStore ?? '') ? 'redis' : 'rate-log';
  return timedMethods(target, (operation, seconds, failed) => metrics.storeOperation(name, operation, seconds, failed), ['consume', 'close'] as (keyof T & string)[]);
}

/** The URL of a bound listener; a wildcard bind is published as loopback (use --base-url otherwise). */
function localUrl(host: string, server: Server): string {
  const { port } = server.address() as AddressInfo;
  const shown = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}
