/**
 * `survey-mcp conformance` itself: parse the flags, run, report. Apart from `cli.ts`, which only
 * declares the flags, so that the CLI (whose every start, `--help` included, declares them) loads
 * the checks and openid-client only when this command runs.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { CATALOG } from './catalog.js';
import { eraOf, GROUPS, type Check } from './check.js';
import type { ConformanceFlags } from './cli.js';
import { ConformanceExitError, usageError } from './errors.js';
import {
  DEFAULT_REFRESH_GRACE_SECONDS,
  DEFAULT_TIMEOUT_MS,
  PROTOCOL_CHOICES,
  SPEC_MCP_RATE_LIMIT,
  SPEC_REGISTER_RATE_LIMIT,
  type RateLimit,
  type SignInMethod,
} from './options.js';
import { streamProgress } from './progress.js';
import { renderConsole, shouldUseColor } from './reporters/console.js';
import { renderHtml } from './reporters/html.js';
import { renderJson } from './reporters/json.js';
import { renderJunit } from './reporters/junit.js';
import { renderRequirementTrace } from './reporters/requirements.js';
import { REQUIREMENTS } from './requirements/manifest.js';
import { runConformance } from './run.js';

/** Where the command reads and writes; tests pass their own. */
export interface ConformanceIo {
  readonly stdout: { readonly isTTY?: boolean; write(text: string): unknown };
  readonly stderr: { readonly isTTY?: boolean; write(text: string): unknown };
  readonly env: NodeJS.ProcessEnv;
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
  refreshGrace: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of seconds, e.g. 60')
    .transform(Number)
    .default(DEFAULT_REFRESH_GRACE_SECONDS),
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
    refreshGraceSeconds: parsed.refreshGrace,
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
