import { Command } from 'commander';
import { addConformanceOptions } from '../../conformance/cli.js';
import {
  defaultAuthPort,
  defaultHost,
  defaultOtlpSampleRatio,
  defaultPort,
  parseOrigin,
  parseOtlpEndpoint,
  parsePort,
  parsePublicUrl,
  parseRateRule,
  parseRefreshGrace,
  parseSampleRatio,
  parseStreamGetStatus,
  parseTokenTtl,
  parseWholeNumber,
} from '../config.js';
import { defaultMetricsHost, parseLogFormat, parseLogLevel } from '../telemetry/settings.js';
import { serverVersion } from '../version.js';
import { parseSince } from './since.js';
import { argument, createOption, dbOption } from './options.js';

const maxResponses = 10_000_000;
/** 30 days: the longest a token issued by hand may live. */
const maxTtlSeconds = 30 * 24 * 60 * 60;

/** Whole seconds, handed on in ms. */
const seconds = (min: number, max: number) => (flag: string, value: string) => parseWholeNumber(flag, value, { min, max, unit: 'seconds' }) * 1000;
const wholeNumber = (min: number, max: number, unit?: string) => (flag: string, value: string) =>
  parseWholeNumber(flag, value, { min, max, unit });

/** Declares every command; each action imports its module lazily so `--help` stays fast. */
export function buildProgram(): Command {
  const program = new Command('survey-mcp')
    .description('Survey-data MCP server with OAuth 2.1, and a conformance kit for any deployment')
    .version(serverVersion, '-V, --version', 'print the version of survey-mcp')
    .exitOverride()
    // main prints usage errors itself, as one line like every other error.
    .configureOutput({ outputError: () => undefined });

  const users = program.command('users').description('manage platform accounts');
  users
    .command('add')
    .description('create an account (prints a generated password when --password is not given)')
    .requiredOption('--email <email>', 'sign-in email, unique')
    .requiredOption('--name <name>', 'display name')
    .option('--password <password>', 'at least 8 characters')
    .option('--sso-only', 'signs in through the OpenID provider only (serve --sso-issuer): no password')
    .addOption(dbOption())
    .addOption(createOption())
    .action(async (options) => (await import('./commands/users.js')).usersAdd(options));
  users
    .command('list')
    .description('list accounts')
    .option('--json', 'print JSON')
    .addOption(dbOption())
    .addOption(createOption())
    .action(async (options) => (await import('./commands/users.js')).usersList(options));
  users
    .command('disable <email>')
    .description('disable an account: revokes its grants, tokens, unused codes and sign-in sessions at once')
    .addOption(dbOption())
    .addOption(createOption())
    .action(async (email, options) => (await import('./commands/users.js')).usersSetDisabled(email, true, options));
  users
    .command('sso-only <email>')
    .description('let an account sign in through the OpenID provider only (the password form refuses it); --off undoes')
    .option('--off', 'allow password sign-in again')
    .addOption(dbOption())
    .addOption(createOption())
    .action(async (email, options) => (await import('./commands/users.js')).usersSetSsoOnly(email, options));
  users
    .command('sso-unlink <email>')
    .description("forget the account's identity at the OpenID provider (issuer and sub), so its next single sign-on links the one it brings")
    .addOption(dbOption())
    .action(async (email, options) => (await import('./commands/users.js')).usersSsoUnlink(email, options));
  users
    .command('enable <email>')
    .description('enable a disabled account (its old tokens stay revoked)')
    .addOption(dbOption())
    .addOption(createOption())
    .action(async (email, options) => (await import('./commands/users.js')).usersSetDisabled(email, false, options));
  program
    .command('share')
    .description("grant or remove a person's role on a survey (as its owner)")
    .requiredOption('--survey <id>', 'survey id, e.g. srv_demo_nps')
    .requiredOption('--user <email>', "the person's sign-in email")
    .requiredOption('--role <role>', 'viewer, analyst, editor, or none to remove the share')
    .addOption(dbOption())
    .addOption(createOption())
    .action(async (options) => (await import('./commands/share.js')).share(options));
  program
    .command('seed')
    .description('seed the demo into an empty store; with --responses N, add an open survey of N generated responses')
    .option('--responses <n>', 'how many responses to generate (1,000,000 take about 40 s on SQLite)', argument(wholeNumber(1, maxResponses), '--responses'))
    .option('--survey-title <title>', 'title of the generated survey')
    .option('--owner <email>', 'owner of the generated survey (default: alice@example.com)')
    .addOption(dbOption())
    .addOption(createOption())
    .action(async (options) => (await import('./commands/seed.js')).seed(options));
  program
    .command('serve')
    .description('run the MCP host (issuer) and the auth host; seeds the demo into an empty store')
    .option('--host <host>', `address both hosts listen on (default ${defaultHost})`)
    .option('--port <port>', `MCP host port (default ${defaultPort}; 0 picks a free one)`, argument(parsePort, '--port'))
    .option('--auth-port <port>', `auth host port (default ${defaultAuthPort}; 0 picks a free one)`, argument(parsePort, '--auth-port'))
    .addOption(dbOption())
    .option('--base-url <url>', '{base_url} as clients see it, e.g. behind a reverse proxy (the issuer)', argument(parsePublicUrl, '--base-url'))
    .option('--auth-url <url>', '{auth_url} as browsers see it, e.g. behind a reverse proxy', argument(parsePublicUrl, '--auth-url'))
    .option('--rate-store <location>', 'rate windows: redis://… or a SQLite file (default: $SURVEY_MCP_RATE_STORE, else the --db file + -rates)')
    .option('--mcp-rate-limit <N/S>', 'MCP requests per user per S seconds (default 180/60)', argument(parseRateRule, '--mcp-rate-limit'))
    .option('--mcp-in-flight <n>', 'MCP requests one user may have running at once; the rest of their rate budget waits its turn, each up to 10 s, then 429 (default 4)', argument(wholeNumber(1, 1_000), '--mcp-in-flight'))
    .option('--request-timeout <seconds>', 'time for a whole request, headers and body, on both hosts (default 30)', argument(seconds(1, 600), '--request-timeout'))
    .option('--headers-timeout <seconds>', 'time for the request headers, at most --request-timeout (default 10)', argument(seconds(1, 600), '--headers-timeout'))
    .option('--keep-alive-timeout <seconds>', 'an idle keep-alive connection closes after this (default 5)', argument(seconds(1, 600), '--keep-alive-timeout'))
    .option('--max-sockets-per-address <n>', 'open connections one client address (IPv6: its /64) may hold on each host (default 256; behind a reverse proxy, at least its connection pool)', argument(wholeNumber(1, 100_000), '--max-sockets-per-address'))
    .option('--sign-in-rate-limit <N/S>', 'sign-in attempts per client IP per S seconds; per account 5N per 15S (default 20/60)', argument(parseRateRule, '--sign-in-rate-limit'))
    .option('--register-rate-limit <N/S>', 'registrations per client IP per S seconds (default 20/60)', argument(parseRateRule, '--register-rate-limit'))
    .option('--token-rate-limit <N/S>', 'token endpoint requests per client IP per S seconds (default 1200/60)', argument(parseRateRule, '--token-rate-limit'))
    .option('--token-grant-rate-limit <N/S>', 'refreshes per grant per S seconds, over all addresses (default 400/60)', argument(parseRateRule, '--token-grant-rate-limit'))
    .option(
      '--allowed-origin <origin>',
      'a browser origin allowed to call the MCP endpoint, e.g. https://app.example.com (repeatable)',
      (value: string, all: string[]) => [...all, argument(parseOrigin, '--allowed-origin')(value)],
      [] as string[],
    )
    .option('--trust-proxy', 'trust X-Forwarded-For from a reverse proxy (per-IP registration limit)')
    .option('--no-seed', 'do not seed the demo into an empty store')
    .option('--access-token-ttl <seconds>', 'access token lifetime, for test deployments (default and maximum 3600)', argument(parseTokenTtl, '--access-token-ttl'))
    .option(
      '--refresh-grace <seconds>',
      'how long a rotated refresh token may be sent again as a retry, answered with the live token instead of revoking the grant (default: $SURVEY_MCP_REFRESH_GRACE, else 60; 0 turns retries off)',
      argument(parseRefreshGrace, '--refresh-grace'),
    )
    .option(
      '--stream-get-status <status>',
      "what GET / (the notification stream) answers: 404 as the contract says (default), or 405 for strict clients such as the MCP Inspector (local development; off-contract)",
      argument(parseStreamGetStatus, '--stream-get-status'),
    )
    .option(
      '--allow-private-client-metadata',
      'fetch client metadata documents from loopback (127.0.0.0/8, ::1) and private networks (10/8, 172.16/12, 192.168/16, fc00::/7) too; every other special-use address stays refused (local development and tests only)',
    )
    .option('--metrics-port <port>', 'serve Prometheus metrics at GET /metrics on this port (off by default; 0 picks a free one)', argument(parsePort, '--metrics-port'))
    .option('--metrics-host <host>', `address the metrics listener binds (default ${defaultMetricsHost}: loopback only)`)
    .option('--log-format <format>', 'request log: json (one object a line), pretty, or auto: pretty on a terminal, json otherwise (default auto)', argument(parseLogFormat, '--log-format'))
    .option('--log-level <level>', 'info logs every request; warn, error, or silent for none (default info)', argument(parseLogLevel, '--log-level'))
    .option('--otlp-endpoint <url>', 'export one OpenTelemetry span per request to this OTLP/HTTP collector, e.g. http://collector:4318 (default: $SURVEY_MCP_OTLP_ENDPOINT, else off)', argument(parseOtlpEndpoint, '--otlp-endpoint'))
    .option('--otlp-sample-ratio <ratio>', `share of the traces this server starts that are exported, 0 to 1; a caller's sampled flag decides its own (default ${defaultOtlpSampleRatio})`, argument(parseSampleRatio, '--otlp-sample-ratio'))
    .option('--audit-retention-days <days>', 'audit events older than this are purged, at start and hourly (default 90)', argument(wholeNumber(1, 36_500, 'days'), '--audit-retention-days'))
    .option('--lean-memory', 'trade CPU for memory: V8 collects to give memory back (about 120-130 MiB under load instead of 150-180, at two to three times the CPU a request)')
    .option('--shutdown-timeout <seconds>', 'on SIGTERM, how long requests in flight have to finish before connections are cut (default 10)', argument(seconds(0, 600), '--shutdown-timeout'))
    .option(
      '--client-auth-private-key-jwt',
      "accept private_key_jwt (RFC 7523 client assertions) from clients known by their metadata document, and list it beside 'none' in the metadata: ChatGPT needs it (off: 'none' only, as the contract says)",
    )
    .option('--sso-issuer <url>', 'single sign-on: the OpenID provider issuer, discovered at start-up (default: $SURVEY_MCP_SSO_ISSUER)')
    .option('--sso-client-id <id>', 'single sign-on: our client id at the provider (default: $SURVEY_MCP_SSO_CLIENT_ID)')
    .option('--sso-client-secret <secret>', 'single sign-on: client secret; prefer $SURVEY_MCP_SSO_CLIENT_SECRET (neither: a public client with PKCE)')
    .option('--sso-name <label>', 'single sign-on: the button says "Sign in with <label>" (default: single sign-on)')
    .option('--sso-create-accounts <workspace>', 'single sign-on: create a member account in this workspace for a verified email with none (off by default; needs --sso-allowed-domains)')
    .option('--sso-allowed-domains <list>', 'single sign-on: who --sso-create-accounts admits: email domains, hd:DOMAIN or tid:TENANT-ID, comma-separated (default: $SURVEY_MCP_SSO_ALLOWED_DOMAINS)')
    .option('--sso-id-jag', "single sign-on: redeem the provider's ID-JAGs at the token endpoint, enterprise-managed authorization (off by default; $SURVEY_MCP_SSO_ID_JAG=true)")
    .action(async (options) => (await import('./commands/serve.js')).serve(options));
  program
    .command('audit')
    .description('who changed what, through which app, from where: the newest events first')
    .option('--user <email>', "only this person's actions")
    .option('--survey <id>', 'only events on this survey')
    .option('--since <time>', 'only events since an ISO date or time, or a span back from now: 30m, 24h, 7d', argument(parseSince, '--since'))
    .option('--limit <n>', 'at most this many events (default 100)', argument(wholeNumber(1, 100_000), '--limit'))
    .option('--json', 'print JSON')
    .addOption(dbOption())
    .action(async (options) => (await import('./commands/audit.js')).audit(options));
  addConformanceOptions(
    program
      .command('conformance')
      .description('check any deployment against the interface specification, as a public OAuth client (exit 0 pass, 1 fail, 2 usage or setup error)'),
  ).action(async (options) => (await import('./commands/conformance.js')).conformance(options));
  const token = program.command('token').description('bearer tokens of people: issue, list, revoke');
  token
    .command('issue')
    .description('print a bearer token for a person, e.g. with scope reporting (another service) to check the 403 rule')
    .requiredOption('--user <email>', "the person's sign-in email")
    .requiredOption('--scope <scope>', 'scope of the token: mcp_customer, or another service such as reporting')
    .option('--ttl <seconds>', 'lifetime in seconds (default 3600)', argument(wholeNumber(1, maxTtlSeconds, 'seconds'), '--ttl'))
    .addOption(dbOption())
    .addOption(createOption())
    .action(async (options) => (await import('./commands/token.js')).tokenIssue(options));
  token
    .command('list')
    .description("list a person's live tokens")
    .requiredOption('--user <email>', "the person's sign-in email")
    .addOption(dbOption())
    .addOption(createOption())
    .action(async (options) => (await import('./commands/token.js')).tokenList(options));
  token
    .command('revoke')
    .description("revoke a person's grants for one client, or for all clients: their tokens stop at once")
    .requiredOption('--user <email>', "the person's sign-in email")
    .option('--client <client_id>', 'only this client')
    .addOption(dbOption())
    .addOption(createOption())
    .action(async (options) => (await import('./commands/token.js')).tokenRevoke(options));
  return program;
}
