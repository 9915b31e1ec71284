import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { eraOf, GROUPS, type Check } from './check.js';
import { ConformanceExitError, usageError } from './errors.js';
import {
  DEFAULT_FORBIDDEN_SURVEY_ID,
  DEFAULT_TIMEOUT_MS,
  PROTOCOL_CHOICES,
  SPEC_MCP_RATE_LIMIT,
  SPEC_REGISTER_RATE_LIMIT,
  type RateLimit,
  type SignInMethod,
} from './options.js';
import { streamProgress } from './progress.js';

/** The flags as commander hands them over (all strings or booleans). */
export interface ConformanceFlags {
  readonly url?: string;
  readonly user?: string;
  readonly password?: string;
  readonly browser?: boolean;
  readonly foreignToken?: string;
  readonly forbiddenSurveyId?: string;
  readonly mcpRateLimit?: string;
  readonly registerRateLimit?: string;
  readonly only?: string;
  readonly skip?: string;
  readonly list?: boolean;
  readonly requirements?: boolean;
  readonly protocol?: string;
  readonly json?: string;
  readonly junit?: string;
  readonly html?: string;
  readonly includeRegisterLimit?: boolean;
  readonly timeout?: string;
  readonly clientMetadataUrl?: string;
  readonly badClientMetadataUrl?: string;
}

/** Where the command reads and writes; tests pass their own. */
export interface ConformanceIo {
  readonly stdout: { readonly isTTY?: boolean; write(text: string): unknown };
  readonly stderr: { readonly isTTY?: boolean; write(text: string): unknown };
  readonly env: NodeJS.ProcessEnv;
}

const formatRate = (rate: RateLimit): string => `${rate.limit}/${rate.windowSeconds}`;

/** Declares the flags of `survey-mcp conformance` on `command`. */
export function addConformanceOptions(command: Command): Command {
  return command
    .option('--url <url>', "the deployment's MCP host, {base_url} (e.g. https://staging.example)")
    .option('--user <email>', 'sign in headless as this person (default: $SURVEY_MCP_USER)')
    .option('--password <password>', 'their password (default: $SURVEY_MCP_PASSWORD)')
    .option('--browser', 'sign in yourself in the system browser instead (single sign-on)')
    .option('--foreign-token <token>', 'a valid token of another platform service, for the 403 check')
    .option('--forbidden-survey-id <id>', `a survey the person may not open (default: the demo's ${DEFAULT_FORBIDDEN_SURVEY_ID}, skipped where it does not exist)`)
    .option('--mcp-rate-limit <N/S>', 'the MCP budget the deployment is configured with', formatRate(SPEC_MCP_RATE_LIMIT))
    .option(
      '--register-rate-limit <N/S>',
      'the registration budget the deployment is configured with',
      formatRate(SPEC_REGISTER_RATE_LIMIT),
    )
    .option('--only <checks>', 'comma-separated check ids or groups to run')
    .option('--skip <checks>', 'comma-separated check ids or groups to leave out')
    .option('--protocol <era>', `MCP revision to check: ${PROTOCOL_CHOICES.join(', ')} (default auto: every era the deployment offers, found with server/discover)`)
    .option('--list', 'print every check with its era and spec section, and run nothing')
    .option('--requirements', 'with --list: print every requirement and the checks that prove it')
    .option('--json <file>', 'also write the report, with evidence, as JSON')
    .option('--junit <file>', 'also write the report as JUnit XML for CI')
    .option('--html <file>', 'also write the report as one self-contained HTML page, failures with their evidence')
    .option('--include-register-limit', "also check the registration limit (spends this machine's budget)")
    .option('--timeout <ms>', 'timeout of each HTTP request in milliseconds', String(DEFAULT_TIMEOUT_MS))
    .option('--client-metadata-url <url>', "a client metadata document you host, listing the runner's redirect URI: authorize with it as client_id")
    .option('--bad-client-metadata-url <url>', "a document whose client_id differs from its URL: the deployment must refuse it");
}

const rateLimitFlag = z
  .string()
  .regex(/^[1-9]\d*\/[1-9]\d*$/, 'must be N/S with positive whole numbers, e.g. 180/60')
  .transform((text): RateLimit => {
    const [limit, windowSeconds] = text.split('/').map(Number);
    return { limit: limit ?? 0, windowSeconds: windowSeconds ?? 0 };
  });

const httpsUrlFlag = z.string().regex(/^https:\/\/[^/]+\/./, 'must be an https URL with a path, e.g. https://qa.example/client.json');

const checkList = z.string().transform((text) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== ''),
);

const flagsSchema = z.object({
  url: z.string().optional(),
  user: z.string().min(1).optional(),
  password: z.string().min(1).optional(),
  browser: z.boolean().default(false),
  foreignToken: z.string().min(1).optional(),
  forbiddenSurveyId: z.string().min(1).optional(),
  mcpRateLimit: rateLimitFlag.default(SPEC_MCP_RATE_LIMIT),
  registerRateLimit: rateLimitFlag.default(SPEC_REGISTER_RATE_LIMIT),
  only: checkList.default([]),
  skip: checkList.default([]),
  list: z.boolean().default(false),
  requirements: z.boolean().default(false),
  protocol: z.enum(PROTOCOL_CHOICES, { error: `must be one of ${PROTOCOL_CHOICES.join(', ')}` }).default('auto'),
  json: z.string().min(1).optional(),
  junit: z.string().min(1).optional(),
  html: z.string().min(1).optional(),
  includeRegisterLimit: z.boolean().default(false),
  timeout: z
    .string()
    .regex(/^[1-9]\d*$/, 'must be a positive whole number of milliseconds')
    .transform(Number)
    .default(DEFAULT_TIMEOUT_MS),
  clientMetadataUrl: httpsUrlFlag.optional(),
  badClientMetadataUrl: httpsUrlFlag.optional(),
});

type ParsedFlags = z.infer<typeof flagsSchema>;

const processIo: ConformanceIo = { stdout: process.stdout, stderr: process.stderr, env: process.env };

/**
 * `survey-mcp conformance`: runs, prints the console report, writes --json/--junit/--html files.
 * Returns on success (warnings allowed); throws ConformanceExitError with exit code 1 when a
 * check failed and 2 for bad usage or an unreachable deployment.
 */
export async function conformanceCommand(flags: ConformanceFlags, io: ConformanceIo = processIo): Promise<void> {
  const parsed = parseFlags(flags);
  if (parsed.requirements && !parsed.list) throw usageError('--requirements goes with --list: survey-mcp conformance --list --requirements');
  // Loaded here, not at the top: the CLI declares these flags on every start, `--help` included,
  // and the checks and openid-client are most of the runner's loading time.
  const [{ CATALOG }, { runConformance }, { renderConsole, shouldUseColor }, { renderJson }, { renderJunit }, { renderHtml }, { renderRequirementTrace }, { REQUIREMENTS }] =
    await Promise.all([
      import('./catalog.js'),
      import('./run.js'),
      import('./reporters/console.js'),
      import('./reporters/json.js'),
      import('./reporters/junit.js'),
      import('./reporters/html.js'),
      import('./reporters/requirements.js'),
      import('./requirements/manifest.js'),
    ]);
  if (parsed.list) {
    io.stdout.write(parsed.requirements ? renderRequirementTrace(REQUIREMENTS, CATALOG) : renderCheckList(CATALOG));
    return;
  }
  if (!parsed.url) throw usageError("--url is required: the deployment's MCP host, e.g. http://127.0.0.1:8787");
  const report = await runConformance({
    url: parsed.url,
    signIn: signInFrom(parsed, io.env),
    foreignToken: parsed.foreignToken,
    forbiddenSurveyId: parsed.forbiddenSurveyId,
    mcpRateLimit: parsed.mcpRateLimit,
    registerRateLimit: parsed.registerRateLimit,
    includeRegisterLimit: parsed.includeRegisterLimit,
    only: parsed.only,
    skip: parsed.skip,
    timeoutMs: parsed.timeout,
    clientMetadataUrl: parsed.clientMetadataUrl,
    badClientMetadataUrl: parsed.badClientMetadataUrl,
    protocol: parsed.protocol,
    progress: streamProgress(io.stderr),
  });
  io.stdout.write(renderConsole(report, { color: shouldUseColor(io.stdout, io.env) }));
  if (parsed.json) await writeReport(parsed.json, renderJson(report), '--json');
  if (parsed.junit) await writeReport(parsed.junit, renderJunit(report), '--junit');
  if (parsed.html) await writeReport(parsed.html, renderHtml(report), '--html');
  const { fail } = report.counts;
  if (fail > 0) {
    throw new ConformanceExitError(`${fail} of ${report.results.length} conformance checks failed`, 1);
  }
}

function parseFlags(flags: ConformanceFlags): ParsedFlags {
  const result = flagsSchema.safeParse(flags);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const flag = `--${String(issue?.path[0] ?? '').replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  throw usageError(`${flag} ${issue?.message ?? 'is invalid'}`);
}

function signInFrom(flags: ParsedFlags, env: NodeJS.ProcessEnv): SignInMethod | undefined {
  if (flags.browser) {
    if (flags.user || flags.password) throw usageError('--browser signs in interactively: leave out --user and --password');
    return { kind: 'browser' };
  }
  const user = flags.user ?? (env['SURVEY_MCP_USER'] || undefined);
  const password = flags.password ?? (env['SURVEY_MCP_PASSWORD'] || undefined);
  if (user && password) return { kind: 'password', user, password };
  if (user) throw usageError(`--user ${user} needs --password (or SURVEY_MCP_PASSWORD)`);
  if (password) throw usageError('--password needs --user (or SURVEY_MCP_USER)');
  return undefined;
}

async function writeReport(path: string, text: string, flag: string): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  } catch (error) {
    throw usageError(`${flag}: cannot write ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function renderCheckList(catalog: readonly Check[]): string {
  const idWidth = Math.max(...catalog.map((check) => check.id.length));
  const lines: string[] = [];
  for (const group of GROUPS) {
    const checks = catalog.filter((check) => check.group === group);
    lines.push(group);
    for (const check of checks) {
      lines.push(`  ${check.id.padEnd(idWidth)}  ${check.level.padEnd(6)}  ${`MCP ${eraOf(check)}`.padEnd(14)}  ${check.spec}`);
      lines.push(`  ${' '.repeat(idWidth)}  ${check.title}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
