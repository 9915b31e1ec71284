import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, type ServerConfig, type SsoSettings } from './config.js';
import { createAuthApp } from './http/auth-app.js';
import { clientAddressKey } from './http/client-address.js';
import { createLimitedServer, serveWithinLimits } from './http/connection-limits.js';
import type { ConnectionLimits } from './limits/connections.js';
import { createMcpApp } from './http/mcp-app.js';
import { mcpEndpoint, type McpEndpointOptions } from './http/mcp/endpoint.js';
import { createMcpDispatcher } from './mcp/server.js';
import { createPlatform } from './platform/index.js';
import { InFlightLimit, inFlightRule } from './limits/in-flight.js';
import type { RateRule } from './limits/limiter.js';
import { openSlidingLog } from './limits/open.js';
import { defaultFetchPolicy, type FetchPolicy } from './oauth/client-metadata/fetch-document.js';
import { ClientMetadataResolver } from './oauth/client-metadata/resolver.js';
import type { OAuthContext, SingleSignOn } from './oauth/context.js';
import { systemClock, type Clock } from './platform/clock.js';
import { operator } from './platform/context.js';
import { accountRule } from './oauth/handlers/sign-in.js';
import { openStore } from './store/open.js';
import type { Store } from './store/store.js';

export interface RunningServer {
  /** `{base_url}`: the MCP host and OAuth issuer. */
  readonly baseUrl: string;
  /** `{auth_url}`: sign-in, consent, token and revocation. */
  readonly authUrl: string;
  readonly store: Store;
  /** True when this start seeded the demo people into an empty store. */
  readonly seeded: boolean;
  close(): Promise<void>;
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
}

/** The composition root: store, rate log and both hosts, built from one config. */
export async function startServer(config: ServerConfig, deps: ServerDeps = {}): Promise<RunningServer> {
  const clock = deps.clock ?? systemClock;
  const rateStore = rateStoreOf(config);
  const store = await openStore(config.db);
  const cleanup: Array<() => Promise<void>> = [() => store.close()];
  const close = async () => {
    for (const step of cleanup.reverse()) await step();
  };
  try {
    const slidingLog = await openSlidingLog(rateStore, { retainMs: longestWindowMs(config, deps) });
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
    const sso = config.sso && (await singleSignOn(config.sso, store));

    const mcpServer = await listen(config.host, config.port, config.connectionLimits);
    cleanup.push(() => stop(mcpServer));
    const authServer = await listen(config.host, config.authPort, config.connectionLimits);
    cleanup.push(() => stop(authServer));
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
    });
    const context: OAuthContext = {
      store,
      clock,
      issuer: baseUrl,
      authUrl,
      accessTokenTtlMs: config.accessTokenTtlMs,
      refreshGraceMs: config.refreshGraceMs,
      clientMetadata,
      ...(sso ? { sso } : {}),
    };
    const dispatcher = await createMcpDispatcher(createPlatform({ store, clock }), { changeStamp: store.changeStamp, clock });
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
    });
    // `/` skips Express (its routing cost ~100 µs a request); every other path goes to the app.
    const endpoint = mcpEndpoint(mcp);
    serveWithinLimits(mcpServer, (req, res) => endpoint(req, res, () => app(req, res)));
    serveWithinLimits(authServer, createAuthApp({ context, trustProxy: config.trustProxy, slidingLog, signInRateLimit: config.signInRateLimit }));
    return { baseUrl, authUrl, store, seeded, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Discovers the company's OpenID provider before serving, so a wrong issuer stops `serve` rather
 * than showing a button that cannot work; so does a workspace for new accounts that does not exist.
 */
async function singleSignOn(settings: SsoSettings, store: Store): Promise<SingleSignOn> {
  if (settings.createAccountsIn !== undefined && !(await store.findWorkspace(settings.createAccountsIn))) {
    throw new ConfigError(`--sso-create-accounts '${settings.createAccountsIn}' names no workspace in this store`);
  }
  // Loaded only with single sign-on: openid-client adds a few MB to every other server.
  const { SsoRelyingParty } = await import('./oauth/sso/relying-party.js');
  const relyingParty = await SsoRelyingParty.discover(settings);
  return { name: settings.name, relyingParty, createAccountsIn: settings.createAccountsIn };
}

/** Rate windows live beside the data in the SQLite file unless a rate store is named (serverConfig). */
const rateStoreOf = (config: ServerConfig): string => config.rateStore ?? config.db;

/** The longest window any rule of this server counts in: what the rate log must keep through a restart. */
function longestWindowMs(config: ServerConfig, deps: ServerDeps): number {
  const rules = [config.mcpRateLimit, config.registerRateLimit, accountRule(config.signInRateLimit), deps.clientMetadataHostRule, deps.clientMetadataCallerRule];
  return Math.max(...rules.map((rule) => rule?.windowMs ?? 0));
}

/** Binds first and attaches the app after, because the app needs the URL a port 0 bind yields. */
function listen(host: string, port: number, limits: ConnectionLimits): Promise<Server> {
  const server = createLimitedServer(limits);
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} on ${host} is in use: pick another with --port/--auth-port (0 picks a free one)`)
          : error,
      ),
    );
    server.listen(port, host, () => resolve(server));
  });
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** The URL of a bound listener; a wildcard bind is published as loopback (use --base-url otherwise). */
function localUrl(host: string, server: Server): string {
  const { port } = server.address() as AddressInfo;
  const shown = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}
