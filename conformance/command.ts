/**
 * `survey-mcp conformance` itself: parse the flags, run, report. Apart from `cli.ts`, which only
 * declares the flags, so that the CLI (whose every start, `--help` included, declares them) loads
 * the checks and openid-client only when this command runs.
 */
import { constants } from 'node:fs';
import { access, appendFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { compareWithBaseline, DEFAULT_BASELINE_MAX_AGE_DAYS, deciding, parseBaseline, type BaselineReport } from './baseline.js';
import { CATALOG } from './catalog.js';
import { eraOf, GROUPS, type Check } from './check.js';
import type { ConformanceFlags } from './cli.js';
import { ConformanceExitError, SetupFailed, usageError } from './errors.js';
import {
  DEFAULT_MCP_IN_FLIGHT,
  DEFAULT_TIMEOUT_MS,
  PROTOCOL_CHOICES,
  SPEC_MCP_RATE_LIMIT,
  SPEC_REGISTER_RATE_LIMIT,
  type RateLimit,
  type SignInMethod,
} from './options.js';
import { streamProgress } from './progress.js';
import { renderConsole, shouldUseColor } from './reporters/console.js';
import { onGithubActions, renderAnnotations, renderStepSummary } from './reporters/github.js';
import { renderHtml } from './reporters/html.js';
import { renderJson } from './reporters/json.js';
import { renderJunit } from './reporters/junit.js';
import { renderSarif, sarifAnchor } from './reporters/sarif.js';
import { renderRequirementJson, renderRequirementTrace } from './reporters/requirements.js';
import { REQUIREMENTS } from './requirements/manifest.js';
import { INVARIANTS } from './invariants/catalog.js';
import { NOT_APPLICABLE } from './tables/index.js';
import { requirementOf } from './invariants/judge.js';
import { failedInvariants, setupErrorReport, type CheckResult, type Report } from './report.js';
import { privateKeyJwtClientFrom } from './private-key-jwt-flags.js';
import { idJagIssuerFrom } from './checks/id-jag/flags.js';
import { runConformance } from './run.js';
import { targetFrom } from './target.js';

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
  sso: z.boolean().default(false),
  foreignToken: z.string().min(1).optional(),
  forbiddenSurveyId: z.string().min(1).optional(),
  viewerSurveyId: z.string().min(1).optional(),
  mcpRateLimit: rateLimitFlag.default(SPEC_MCP_RATE_LIMIT),
  registerRateLimit: rateLimitFlag.default(SPEC_REGISTER_RATE_LIMIT),
  mcpInFlight: z
    .string()
    .regex(/^[1-9]\d*$/, 'must be a positive whole number of requests, e.g. 4')
    .transform(Number)
    .default(DEFAULT_MCP_IN_FLIGHT),
  only: checkList.default([]),
  skip: checkList.default([]),
  list: z.boolean().default(false),
  requirements: z.boolean().default(false),
  protocol: z.enum(PROTOCOL_CHOICES, { error: `must be one of ${PROTOCOL_CHOICES.join(', ')}` }).default('auto'),
  json: z.string().min(1).optional(),
  junit: z.string().min(1).optional(),
  html: z.string().min(1).optional(),
  sarif: z.string().min(1).optional(),
  sarifAnchor: z.string().min(1).optional(),
  baseline: z.string().min(1).optional(),
  baselineMaxAge: z
    .string()
    .regex(/^[1-9]\d*$/, 'must be a positive whole number of days, e.g. 30')
    .transform(Number)
    .default(DEFAULT_BASELINE_MAX_AGE_DAYS),
  includeRegisterLimit: z.boolean().default(false),
  timeout: z
    .string()
    .regex(/^[1-9]\d*$/, 'must be a positive whole number of milliseconds')
    .transform(Number)
    .default(DEFAULT_TIMEOUT_MS),
  clientMetadataUrl: httpsUrlFlag.optional(),
  badClientMetadataUrl: httpsUrlFlag.optional(),
  connectedAppsUrl: z.string().url('must be a URL, e.g. https://auth.example/account/apps').optional(),
  secondClientAddress: z
    .string()
    .refine((address) => isIP(address) !== 0, { error: (issue) => `"${String(issue.input)}" is not an IP address: give one of this machine's, e.g. 192.0.2.7 or 2001:db8:1::7 (no host name, no port)` })
    .optional(),
  ssoOnlyEmail: z.string().regex(/^[^@\s]+@[^@\s]+$/, 'must be an email address, e.g. sso-only@acme.example').optional(),
  signInAccountLimit: rateLimitFlag.optional(),
  clientMetadataJwtUrl: z.array(httpsUrlFlag).optional(),
  clientMetadataJwtKey: z.string().min(1).optional(),
  idJagKey: z.string().min(1).optional(),
  idJagIssuer: z.string().min(1).optional(),
  idJagSubject: z.string().min(1).optional(),
  refreshGrace: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of seconds, e.g. 60')
    .transform(Number)
    .optional(),
  failFast: z.boolean().default(false),
});

type ParsedFlags = z.infer<typeof flagsSchema>;

const processIo: ConformanceIo = { stdout: process.stdout, stderr: process.stderr, env: process.env };

/**
 * `survey-mcp conformance`: runs, prints the console report, writes --json/--junit/--html files.
 * Returns on success (warnings allowed); throws ConformanceExitError with exit code 1 when a
 * check failed and 2 for bad usage or a setup error (SetupFailed, also recorded in the reports
 * that can be written).
 */
export async function conformanceCommand(flags: ConformanceFlags, io: ConformanceIo = processIo): Promise<void> {
  const parsed = parseFlags(flags);
  if (parsed.requirements && !parsed.list) throw usageError('--requirements goes with --list: survey-mcp conformance --list --requirements');
  if (parsed.list) {
    if (parsed.requirements && parsed.json) await writeListing(parsed.json, renderRequirementJson(REQUIREMENTS));
    io.stdout.write(parsed.requirements ? renderRequirementTrace(REQUIREMENTS, CATALOG, INVARIANTS, NOT_APPLICABLE) : renderCheckList(CATALOG));
    return;
  }
  if (!parsed.url) throw usageError("--url is required: the deployment's MCP host, e.g. http://127.0.0.1:8787");
  const startedAt = new Date();
  const target = targetFrom(parsed.url).baseUrl;
  const signIn = signInFrom(parsed, io.env);
  const reports = reportFiles(parsed, io.env, target);
  // Before the run too: a wrong baseline path is a usage error, not a surprise after minutes.
  const baseline = parsed.baseline === undefined ? undefined : await readBaseline(parsed.baseline);
  // Before the run, so that a typo in a path does not cost a run of several minutes.
  const unwritable = await firstUnwritable(reports);
  if (unwritable) {
    await recordSetupError(reports.filter((file) => file !== unwritable.file), setupErrorReport(target, startedAt, unwritable.message));
    throw new SetupFailed(unwritable.message);
  }
  let report: Report;
  try {
    report = await runConformance({
      url: parsed.url,
      signIn,
      foreignToken: parsed.foreignToken,
      forbiddenSurveyId: parsed.forbiddenSurveyId,
      viewerSurveyId: parsed.viewerSurveyId,
      mcpRateLimit: parsed.mcpRateLimit,
      registerRateLimit: parsed.registerRateLimit,
      mcpInFlight: parsed.mcpInFlight,
      includeRegisterLimit: parsed.includeRegisterLimit,
      only: parsed.only,
      skip: parsed.skip,
      timeoutMs: parsed.timeout,
      clientMetadataUrl: parsed.clientMetadataUrl,
      badClientMetadataUrl: parsed.badClientMetadataUrl,
      connectedAppsUrl: parsed.connectedAppsUrl,
      secondClientAddress: parsed.secondClientAddress,
      ssoOnlyEmail: parsed.ssoOnlyEmail,
      signInAccountLimit: parsed.signInAccountLimit,
      privateKeyJwtClient: await privateKeyJwtClientFrom(parsed),
      idJag: await idJagIssuerFrom(parsed),
      protocol: parsed.protocol,
      refreshGraceSeconds: parsed.refreshGrace,
      failFast: parsed.failFast,
      progress: streamProgress(io.stderr),
    });
  } catch (error) {
    if (error instanceof SetupFailed) await recordSetupError(reports, setupErrorReport(target, startedAt, error.message));
    throw error;
  }
  if (baseline && parsed.baseline) {
    report = compareWithBaseline(report, baseline, { file: parsed.baseline, maxAgeDays: parsed.baselineMaxAge, now: new Date() });
  }
  io.stdout.write(renderConsole(report, { color: shouldUseColor(io.stdout, io.env) }));
  if (onGithubActions(io.env)) io.stdout.write(renderAnnotations(report));
  await writeStepSummary(io.env, report);
  for (const file of reports) await writeReport(file, report);
  // Exit 1 for root failures only (a blocked check was not judged, and its root is counted
  // already) and failed MUST invariants, and with a baseline only for those not known there.
  const failures = deciding(report);
  if (failures.length > 0) throw new ConformanceExitError(exitMessage(report, failures), 1);
}

function exitMessage(report: Report, failures: readonly CheckResult[]): string {
  const { blocked } = report.counts;
  const blockedText = blocked > 0 ? ` (${blocked} more blocked by them)` : '';
  if (report.baseline) {
    const known = report.counts.fail + failedInvariants(report) - failures.length;
    const knownText = known > 0 ? `; ${known} more known in the baseline` : '';
    return `${failures.length} failed that the baseline does not excuse (new, or known too long: ${failures.map((result) => result.id).join(', ')})${blockedText}${knownText}`;
  }
  const checks = failures.filter((result) => result.kind !== 'invariant').length;
  const invariants = failures.length - checks;
  const checksText = checks > 0 ? [`${checks} of ${report.results.length} conformance checks failed${blockedText}`] : [];
  const invariantsText = invariants > 0 ? [`${invariants} of ${report.invariants?.invariants ?? 0} invariants failed`] : [];
  return [...checksText, ...invariantsText].join('; ');
}

async function readBaseline(path: string): Promise<BaselineReport> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw usageError(`--baseline ${path} cannot be read (${code ?? (error as Error).message}): give a report an earlier run wrote with --json`);
  }
  try {
    return parseBaseline(text, path);
  } catch (error) {
    throw usageError((error as Error).message);
  }
}

/** GitHub Actions' job summary, when the job offers one; a summary that cannot be written is not the deployment's fault. */
async function writeStepSummary(env: NodeJS.ProcessEnv, report: Report): Promise<void> {
  const path = env['GITHUB_STEP_SUMMARY'];
  if (!path) return;
  await appendFile(path, renderStepSummary(report)).catch(() => undefined);
}

/** A report file asked for on the command line. */
interface ReportFile {
  readonly flag: '--json' | '--junit' | '--html' | '--sarif';
  readonly path: string;
  readonly render: (report: Report) => string;
}

function reportFiles(flags: ParsedFlags, env: NodeJS.ProcessEnv, target: string): ReportFile[] {
  const files: ReportFile[] = [];
  if (flags.json) files.push({ flag: '--json', path: flags.json, render: renderJson });
  if (flags.junit) files.push({ flag: '--junit', path: flags.junit, render: renderJunit });
  if (flags.html) files.push({ flag: '--html', path: flags.html, render: renderHtml });
  if (flags.sarif) {
    const anchor = sarifAnchor(flags.sarifAnchor, env, target);
    files.push({ flag: '--sarif', path: flags.sarif, render: (report) => renderSarif(report, { anchor }) });
  }
  return files;
}

async function firstUnwritable(files: readonly ReportFile[]): Promise<{ file: ReportFile; message: string } | undefined> {
  for (const file of files) {
    try {
      await assertWritable(file.path);
    } catch (error) {
      return { file, message: cannotWrite(file, error) };
    }
  }
  return undefined;
}

/** Creates the file's directory and proves both it and any existing file writable, writing nothing. */
async function assertWritable(path: string): Promise<void> {
  const directory = dirname(resolve(path));
  await makeDirectories(directory);
  await access(directory, constants.W_OK);
  const existing = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing?.isDirectory()) throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
  if (existing) await access(path, constants.W_OK);
}

/**
 * `mkdir -p` one level at a time. Node's `mkdir(…, { recursive: true })` spins forever under a
 * directory that exists yet refuses new entries with ENOENT, as /proc does: `--junit
 * /proc/nope/x.xml` hung at 100 % CPU.
 */
async function makeDirectories(directory: string): Promise<void> {
  const missing: string[] = [];
  for (let current = directory; !(await exists(current)); current = dirname(current)) {
    missing.unshift(current);
    if (dirname(current) === current) break;
  }
  for (const path of missing) await mkdir(path);
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

const WHY_NOT: Readonly<Record<string, string>> = {
  ENOENT: 'its directory cannot be created there',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  EISDIR: 'it is a directory',
};

function cannotWrite(file: ReportFile, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const why = code && WHY_NOT[code] ? `${WHY_NOT[code]} (${code})` : error instanceof Error ? error.message : String(error);
  return `${file.flag} ${file.path} cannot be written: ${why}`;
}

/** The manifest as JSON, beside the listing on stdout; a path that cannot be written is a usage error. */
async function writeListing(path: string, json: string): Promise<void> {
  try {
    await makeDirectories(dirname(resolve(path)));
    await writeFile(path, json);
  } catch (error) {
    throw usageError(cannotWrite({ flag: '--json', path, render: () => json }, error));
  }
}

async function writeReport(file: ReportFile, report: Report): Promise<void> {
  try {
    await makeDirectories(dirname(resolve(file.path)));
    await writeFile(file.path, file.render(report));
  } catch (error) {
    throw new SetupFailed(cannotWrite(file, error));
  }
}

/** Best effort: the setup error is already the run's outcome, whatever a report file does. */
async function recordSetupError(files: readonly ReportFile[], report: Report): Promise<void> {
  for (const file of files) await writeReport(file, report).catch(() => undefined);
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
    if (flags.sso) throw usageError('--sso signs in headless at the provider: leave out --browser, or --sso to sign in yourself');
    return { kind: 'browser' };
  }
  const user = flags.user ?? (env['SURVEY_MCP_USER'] || undefined);
  const password = flags.password ?? (env['SURVEY_MCP_PASSWORD'] || undefined);
  if (user && password) return { kind: 'password', user, password, sso: flags.sso };
  if (flags.sso) throw usageError('--sso needs --user and --password: the test identity at the OpenID provider');
  if (user) throw usageError(`--user ${user} needs --password (or SURVEY_MCP_PASSWORD)`);
  if (password) throw usageError('--password needs --user (or SURVEY_MCP_USER)');
  return undefined;
}

function renderCheckList(catalog: readonly Check[]): string {
  const idWidth = Math.max(...catalog.map((check) => check.id.length));
  const lines: string[] = [];
  const entries = [
    ...catalog.map((check) => ({ ...check, era: eraOf(check) })),
    ...INVARIANTS.map((invariant) => ({ ...invariant, group: 'invariants', ...requirementOf(invariant) })),
  ];
  for (const group of GROUPS) {
    lines.push(group);
    for (const entry of entries.filter((candidate) => candidate.group === group)) {
      lines.push(`  ${entry.id.padEnd(idWidth)}  ${entry.level.padEnd(6)}  ${`MCP ${entry.era}`.padEnd(14)}  ${entry.spec}`);
      lines.push(`  ${' '.repeat(idWidth)}  ${entry.title}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
