import { CATALOG } from './catalog.js';
import { CheckFailed, CheckSkipped, type Check } from './check.js';
import { createContext, PrerequisiteFailed, type CheckContext } from './context.js';
import { describeError } from './describe-error.js';
import { reportedEras, requireEraOf } from './eras.js';
import { ConformanceExitError, usageError } from './errors.js';
import { captureExchanges, Http, RequestFailed, type Exchange } from './http.js';
import { Mcp } from './mcp.js';
import { ModernMcp } from './modern.js';
import { settingsFrom, type ConformanceOptions, type RunSettings } from './options.js';
import { silentProgress, type Progress } from './progress.js';
import { countResults, evidenceOf, type CheckResult, type Report, type Status } from './report.js';
import { selectChecks } from './select.js';
import { browserSignIn, headlessSignIn, SignInFailed, type SignIn } from './sign-in.js';
import { targetFrom, type Target } from './target.js';

/**
 * Runs the selected checks against one deployment and returns the results; rendering them is
 * the reporters' job. Throws ConformanceExitError (exit code 2) for bad options, missing
 * credentials or a deployment that cannot be reached.
 */
export async function runConformance(options: ConformanceOptions): Promise<Report> {
  const target = targetFrom(options.url);
  const settings = settingsFrom(options);
  const checks = selectChecks(CATALOG, options.only, options.skip, settings.protocol);
  const needSignIn = checks.filter((check) => check.needsSignIn);
  if (needSignIn.length > 0 && !settings.signIn) {
    throw usageError(
      `${needSignIn.length} of the selected checks need a person to sign in: pass --user and --password (or set SURVEY_MCP_USER and SURVEY_MCP_PASSWORD), or --browser; or leave them out with --skip`,
    );
  }
  const progress = options.progress ?? silentProgress;
  const http = new Http(settings.timeoutMs);
  await assertReachable(http, target);

  const signIn = await openSignIn(settings, http, progress);
  try {
    const ctx = createContext({
      target,
      settings,
      http,
      mcp: new Mcp(http, target.mcpEndpoint, settings.mcpRateLimit, progress),
      modern: new ModernMcp(http, target.mcpEndpoint, settings.mcpRateLimit, progress),
      progress,
      signIn,
    });
    const startedAt = new Date();
    const results: CheckResult[] = [];
    for (const check of checks) {
      progress.checkStarted(check.id, check.title);
      results.push(await runCheck(check, ctx));
    }
    const eras = await reportedEras(ctx, checks);
    return {
      target: target.baseUrl,
      ...(eras ? { eras } : {}),
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      counts: countResults(results),
      results,
    };
  } finally {
    progress.finish();
    await signIn?.close();
  }
}

async function runCheck(check: Check, ctx: CheckContext): Promise<CheckResult> {
  const startedAt = Date.now();
  const captured = await captureExchanges(async () => {
    await requireEraOf(check, ctx);
    return check.run(ctx);
  });
  const result = (status: Status, message: string, exchanges: readonly Exchange[]): CheckResult => {
    const { evidence, omitted } = evidenceOf(exchanges);
    const { id, group, title, spec, level } = check;
    const durationMs = Date.now() - startedAt;
    return { id, group, title, spec, level, status, message, durationMs, evidence, omittedEvidence: omitted };
  };
  if (captured.ok) return result('pass', captured.value, captured.exchanges);
  const { error } = captured;
  if (error instanceof ConformanceExitError) throw error;
  if (error instanceof CheckSkipped) return result('skip', error.message, []);
  const failed: Status = check.level === 'MUST' ? 'fail' : 'warn';
  if (error instanceof PrerequisiteFailed || error instanceof SignInFailed) {
    return result(failed, error.message, [...error.exchanges, ...captured.exchanges]);
  }
  const known = error instanceof CheckFailed || error instanceof RequestFailed;
  return result(failed, known ? error.message : `unexpected error: ${describeError(error)}`, captured.exchanges);
}

/** One request before anything else, so that a wrong --url is one clear line, not 60 failures. */
async function assertReachable(http: Http, target: Target): Promise<void> {
  try {
    await http.send({ url: target.protectedResourceMetadata });
  } catch (error) {
    if (error instanceof RequestFailed) throw usageError(`cannot reach ${target.baseUrl}: ${error.reason}`);
    throw error;
  }
}

async function openSignIn(settings: RunSettings, http: Http, progress: Progress): Promise<SignIn | undefined> {
  const method = settings.signIn;
  if (!method) return undefined;
  if (method.kind === 'password') return headlessSignIn(http, method);
  return browserSignIn(http, progress, method.openBrowser);
}
