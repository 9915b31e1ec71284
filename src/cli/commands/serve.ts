import chalk from 'chalk';
import { resolveSso, serverConfig, type ServerConfig, type SsoFlags, type StreamGetStatus } from '../../config.js';
import type { RateRule } from '../../limits/limiter.js';
import { defaultConnectionLimits } from '../../limits/connections.js';
import { redactUrl } from '../../redact-url.js';
import type { LogFormat, LogLevel } from '../../telemetry/request-log.js';
import { defaultMetricsHost, parseLogFormat } from '../../telemetry/settings.js';
import { startServer } from '../../server.js';
import { clientSetup, protocolEras } from '../client-setup.js';
import { checkServeCanStart } from '../serve-preflight.js';
import { tuneHeapForServing } from '../serving-heap.js';

/** The flags as commander hands them over, already parsed; absent ones take serverConfig's defaults. */
export interface ServeOptions extends SsoFlags {
  host?: string;
  port?: number;
  authPort?: number;
  db?: string;
  baseUrl?: string;
  authUrl?: string;
  rateStore?: string;
  mcpRateLimit?: RateRule;
  mcpInFlight?: number;
  requestTimeout?: number;
  headersTimeout?: number;
  keepAliveTimeout?: number;
  maxSocketsPerAddress?: number;
  registerRateLimit?: RateRule;
  signInRateLimit?: RateRule;
  tokenRateLimit?: RateRule;
  tokenGrantRateLimit?: RateRule;
  allowedOrigin: string[];
  trustProxy?: boolean;
  seed: boolean;
  accessTokenTtl?: number;
  refreshGrace?: number;
  streamGetStatus?: StreamGetStatus;
  allowPrivateClientMetadata?: boolean;
  metricsPort?: number;
  metricsHost?: string;
  logFormat?: LogFormat;
  logLevel?: LogLevel;
  shutdownTimeout?: number;
  auditRetentionDays?: number;
  clientAuthPrivateKeyJwt?: boolean;
}

export function serveConfig(options: ServeOptions): ServerConfig {
  return serverConfig({
    host: options.host,
    port: options.port,
    authPort: options.authPort,
    db: options.db,
    baseUrl: options.baseUrl,
    authUrl: options.authUrl,
    rateStore: options.rateStore,
    mcpRateLimit: options.mcpRateLimit,
    mcpInFlightLimit: options.mcpInFlight,
    connectionLimits: {
      requestTimeoutMs: options.requestTimeout ?? defaultConnectionLimits.requestTimeoutMs,
      headersTimeoutMs: options.headersTimeout ?? defaultConnectionLimits.headersTimeoutMs,
      keepAliveTimeoutMs: options.keepAliveTimeout ?? defaultConnectionLimits.keepAliveTimeoutMs,
      maxSocketsPerAddress: options.maxSocketsPerAddress ?? defaultConnectionLimits.maxSocketsPerAddress,
    },
    registerRateLimit: options.registerRateLimit,
    signInRateLimit: options.signInRateLimit,
    tokenRateLimit: options.tokenRateLimit,
    tokenGrantRateLimit: options.tokenGrantRateLimit,
    allowedOrigins: options.allowedOrigin,
    trustProxy: options.trustProxy,
    seedDemo: options.seed,
    accessTokenTtlMs: options.accessTokenTtl,
    refreshGraceMs: options.refreshGrace,
    streamGetStatus: options.streamGetStatus,
    allowPrivateClientMetadata: options.allowPrivateClientMetadata,
    clientAuthPrivateKeyJwt: options.clientAuthPrivateKeyJwt,
    sso: resolveSso(options),
    metrics: options.metricsPort === undefined ? undefined : { host: options.metricsHost ?? defaultMetricsHost, port: options.metricsPort },
    log: { format: options.logFormat ?? parseLogFormat('--log-format', 'auto'), level: options.logLevel ?? 'info' },
    shutdownGraceMs: options.shutdownTimeout,
    auditRetentionMs: options.auditRetentionDays === undefined ? undefined : options.auditRetentionDays * 86_400_000,
  });
}

/**
 * Runs both hosts until SIGINT or SIGTERM, then stops accepting, lets requests in flight finish
 * (up to `--shutdown-timeout`), and closes the rate log and the store.
 */
export async function serve(options: ServeOptions): Promise<void> {
  const config = serveConfig(options);
  await checkServeCanStart(config);
  tuneHeapForServing();
  const server = await startServer(config);
  server.log?.event('listening', { baseUrl: server.baseUrl, authUrl: server.authUrl, metricsUrl: server.metricsUrl });
  console.log(chalk.bold('survey-mcp is running'));
  console.log(`  MCP server (add this URL to your assistant)  ${chalk.cyan(server.baseUrl)}`);
  console.log(`  sign-in and tokens                           ${server.authUrl}`);
  console.log(`  connected apps                               ${server.authUrl}/account/apps`);
  console.log(`  store                                        ${redactUrl(config.db)}`);
  if (config.rateStore) console.log(`  rate windows                                 ${redactUrl(config.rateStore)}`);
  console.log(`  health (for load balancers)                  ${server.baseUrl}/healthz, ${server.baseUrl}/readyz`);
  if (server.metricsUrl) console.log(`  metrics (Prometheus)                         ${server.metricsUrl}`);
  if (config.sso) {
    console.log(`  single sign-on                               ${config.sso.name}: ${config.sso.issuer}`);
    console.log(`  redirect URI to register at the provider     ${server.authUrl}/sso/callback`);
    if (config.sso.idJag) console.log(`  enterprise-managed authorization (ID-JAG)    grants of ${config.sso.issuer} redeem at ${server.authUrl}/oauth/token`);
  }
  if (config.allowPrivateClientMetadata) {
    console.log(
      chalk.yellow('  client metadata documents                    fetched from private and loopback addresses too (--allow-private-client-metadata): local development only'),
    );
  }
  if (config.clientAuthPrivateKeyJwt) {
    console.log('  client authentication                        none, and private_key_jwt for metadata-document clients such as ChatGPT (--client-auth-private-key-jwt)');
  }
  if (server.seeded) {
    const { demoPassword, demoUsers } = await import('../../platform/demo/index.js');
    console.log(`  demo accounts (seeded)                       ${demoUsers.map((user) => user.email).join(', ')}`);
    console.log(`  demo password                                ${demoPassword}`);
  }
  console.log(chalk.bold('\nProtocol revisions spoken (per request)'));
  for (const line of protocolEras) console.log(`  ${line}`);
  console.log(chalk.bold('\nConnect an assistant'));
  for (const line of clientSetup(server.baseUrl, config.streamGetStatus)) console.log(`  ${line}`);
  console.log(chalk.dim('\nPress Ctrl+C to stop.'));

  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  console.log(chalk.dim(`${signal}: stopping, requests in flight have ${config.shutdownGraceMs / 1000} s to finish…`));
  server.log?.event('stopping', { signal, graceMs: config.shutdownGraceMs });
  await server.close({ graceMs: config.shutdownGraceMs });
}
