import chalk from 'chalk';
import { resolveSpanExport, resolveSso, serverConfig, type ServerConfig, type SpanExportFlags, type SsoFlags, type StreamGetStatus } from '../../config.js';
import type { RateRule } from '../../limits/limiter.js';
import { defaultConnectionLimits } from '../../limits/connections.js';
import { redactUrl } from '../../redact-url.js';
import type { LogFormat, LogLevel } from '../../telemetry/request-log.js';
import { defaultMetricsHost, parseLogFormat } from '../../telemetry/settings.js';
import { rateStoreOf, startServer, type RunningServer } from '../../server.js';
import { clientSetup, protocolEras } from '../client-setup.js';
import { whenLauncherExits } from '../launcher.js';
import { checkServeCanStart } from '../serve-preflight.js';
import { useLeanHeap } from '../serving-heap.js';

/** The flags as commander hands them over, already parsed; absent ones take serverConfig's defaults. */
export interface ServeOptions extends SsoFlags, SpanExportFlags {
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
  leanMemory?: boolean;
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
    spanExport: resolveSpanExport(options),
    shutdownGraceMs: options.shutdownTimeout,
    auditRetentionMs: options.auditRetentionDays === undefined ? undefined : options.auditRetentionDays * 86_400_000,
  });
}

/**
 * Runs both hosts until SIGINT or SIGTERM (or the npm that started it exits: launcher.ts), then
 * stops accepting, lets requests in flight finish (up to `--shutdown-timeout`), and closes the
 * rate log and the store.
 */
export async function serve(options: ServeOptions): Promise<void> {
  const config = serveConfig(options);
  await checkServeCanStart(config);
  if (options.leanMemory) useLeanHeap();
  const server = await startServer(config);
  server.log?.event('listening', { baseUrl: server.baseUrl, authUrl: server.authUrl, metricsUrl: server.metricsUrl });
  // A JSON log owns stdout, one object a line for a collector: the banner for people goes to stderr.
  const say = config.log?.format === 'json' ? console.error : console.log;
  await printBanner(say, config, server);

  const signal = await new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
    whenLauncherExits(() => resolve('npm exited'));
  });
  say(chalk.dim(`${signal}: stopping, requests in flight have ${config.shutdownGraceMs / 1000} s to finish…`));
  server.log?.event('stopping', { signal, graceMs: config.shutdownGraceMs });
  await server.close({ graceMs: config.shutdownGraceMs });
}

/** What a person starting `serve` needs: where it listens, what it keeps, how to connect. */
async function printBanner(say: (line: string) => void, config: ServerConfig, server: RunningServer): Promise<void> {
  say(chalk.bold('survey-mcp is running'));
  say(`  MCP server (add this URL to your assistant)  ${chalk.cyan(server.baseUrl)}`);
  say(`  sign-in and tokens                           ${server.authUrl}`);
  say(`  connected apps                               ${server.authUrl}/account/apps`);
  say(`  store                                        ${redactUrl(config.db)}`);
  say(`  rate windows                                 ${redactUrl(rateStoreOf(config))}`);
  say(`  health (for load balancers)                  ${server.baseUrl}/healthz, ${server.baseUrl}/readyz`);
  if (server.metricsUrl) say(`  metrics (Prometheus)                         ${server.metricsUrl}`);
  if (config.spanExport) say(`  spans (OpenTelemetry, OTLP/HTTP)             ${redactUrl(config.spanExport.url)}, sampling ${config.spanExport.sampleRatio} of the traces it starts`);
  if (config.sso) {
    say(`  single sign-on                               ${config.sso.name}: ${config.sso.issuer}`);
    say(`  redirect URI to register at the provider     ${server.authUrl}/sso/callback`);
    if (config.sso.idJag) say(`  enterprise-managed authorization (ID-JAG)    grants of ${config.sso.issuer} redeem at ${server.authUrl}/oauth/token`);
  }
  if (config.allowPrivateClientMetadata) {
    say(
      chalk.yellow('  client metadata documents                    fetched from loopback and private networks too, never link-local or other special-use addresses (--allow-private-client-metadata): local development only'),
    );
  }
  if (config.clientAuthPrivateKeyJwt) {
    say('  client authentication                        none, and private_key_jwt for metadata-document clients such as ChatGPT (--client-auth-private-key-jwt)');
  }
  if (server.seeded) {
    const { demoPassword, demoUsers } = await import('../../platform/demo/index.js');
    say(`  demo accounts (seeded)                       ${demoUsers.map((user) => user.email).join(', ')}`);
    say(`  demo password                                ${demoPassword}`);
  }
  say(chalk.bold('\nProtocol revisions spoken (per request)'));
  for (const line of protocolEras) say(`  ${line}`);
  say(chalk.bold('\nConnect an assistant'));
  for (const line of clientSetup(server.baseUrl, config.streamGetStatus)) say(`  ${line}`);
  say(chalk.dim('\nPress Ctrl+C to stop.'));
}
