import { CATALOG } from './catalog.js';
import { CheckFailed, CheckNotVerified, CheckSkipped, type Check } from './check.js';
import { createContext, PageNotDriven, PrerequisiteFailed, type CheckContext } from './context.js';
import { describeError } from './describe-error.js';
import { asCheck } from './exchange-bus.js';
import { INVARIANTS } from './invariants/catalog.js';
import { judgeInvariants } from './invariants/judge.js';
import { EXPANSIONS } from './tables/index.js';
import { countCases } from './variants/counts.js';
import { reportedEras, requireEraOf } from './eras.js';
import { ConformanceExitError, SetupFailed, usageError } from './errors.js';
import { captureExchanges, Http, jsonOf, RequestFailed, type Exchange, type SentExchange } from './http.js';
import { isObject, Mcp } from './mcp.js';
import { ModernMcp } from './modern.js';
import { settingsFrom, type ConformanceOptions, type RunSettings } from './options.js';
import { silentProgress, type Progress } from './progress.js';
import { countResults, evidenceOf, reportHeader, type CheckResult, type Report, type Status } from './report.js';
import { selectChecks, selectInvariants } from './select.js';
import { browserSignIn, headlessSignIn, SignInFailed, type SignIn } from './sign-in.js';
import { targetFrom, type Target } from './target.js';
import { assertForeignTokenKnown } from './foreign-token.js';
import { prerequisiteOfStep } from './prerequisites.js';
import { redactText } from './redact.js';
import { blockedMessage, diagnose, RootCauses } from './root-causes.js';

/**
 * Runs the selected checks against one deployment and returns the results; rendering them is
 * the reporters' job. Throws ConformanceExitError (exit code 2) for bad options or missing
 * credentials, and its SetupFailed before any check is judged when the deployment cannot be
 * reached, is not an MCP deployment, or does not let the person sign in.
 */
export async function runConformance(options: ConformanceOptions): Promise<Report> {
  const target = targetFrom(options.url);
  const settings = settingsFrom(options);
  const checks = selectChecks(CATALOG, options.only, options.skip, settings.protocol);
  const judged = selectInvariants(INVARIANTS, options.only, options.skip);
  const needSignIn = checks.filter((check) => check.needsSignIn);
  if (needSignIn.length > 0 && !settings.signIn) {
    throw usageError(
      `${needSignIn.length} of the selected checks need a person to sign in: pass --user and --password (or set SURVEY_MCP_USER and SURVEY_MCP_PASSWORD), or --browser; or leave them out with --skip`,
    );
  }
  const progress = options.progress ?? silentProgress;
  const http = new Http(settings.timeoutMs);
  // The exchange bus: every exchange of the run, setup and sign-in included, for the invariants.
  const sent: SentExchange[] = [];
  http.onExchange((exchange) => sent.push(exchange));
  await assertMcpDeployment(http, target);
  await assertForeignTokenKnown(http, target, settings.foreignToken, checks);

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
    if (needSignIn.length > 0 && settings.signIn?.kind !== 'browser') await signInFirst(ctx);
    const results: CheckResult[] = [];
    const roots = new RootCauses();
    for (const check of checks) {
      progress.checkStarted(check.id, check.title);
      const result = await runCheck(check, ctx, roots);
      progress.checkFinished(result);
      results.push(result);
      // A CI that needs only pass or fail, or a mutant already caught, need not wait out the rest.
      if (settings.failFast && result.status === 'fail') break;
    }
    const eras = await reportedEras(ctx, checks);
    const invariants = judgeInvariants(judged, sent, target);
    const variants = countCases(EXPANSIONS, results);
    for (const result of invariants.results) progress.checkFinished(result);
    return {
      ...reportHeader(),
      target: target.baseUrl,
      ...(eras ? { eras } : {}),
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      counts: countResults(results),
      results,
      invariants,
      variants,
    };
  } finally {
    progress.finish();
    await signIn?.close();
  }
}

async function runCheck(check: Check, ctx: CheckContext, roots: RootCauses): Promise<CheckResult> {
  const startedAt = Date.now();
  const result = (status: Status, message: string, exchanges: readonly Exchange[], related: { blockedBy?: string; cause?: string } = {}): CheckResult => {
    const { evidence, omitted } = evidenceOf(exchanges);
    const { id, group, title, spec, level } = check;
    const durationMs = Date.now() - startedAt;
    const generated = check.kind === 'case' ? { kind: check.kind, rules: check.rules ?? [] } : {};
    // Messages quote URLs and bodies too: redacted as the evidence is.
    return { id, group, title, spec, level, ...generated, status, message: redactText(message), ...related, durationMs, evidence, omittedEvidence: omitted };
  };
  const blocker = roots.blockerOf(check);
  if (blocker) return result('blocked', blockedMessage(blocker), [], { blockedBy: blocker.rootId });

  const captured = await captureExchanges(() =>
    asCheck(check.id, async () => {
      await requireEraOf(check, ctx);
      return check.run(ctx);
    }),
  );
  if (captured.ok) return result('pass', captured.value, captured.exchanges);
  const { error } = captured;
  if (error instanceof ConformanceExitError) throw error;
  if (error instanceof CheckNotVerified) return result('not-verified', error.message, []);
  if (error instanceof CheckSkipped) return result('skip', error.message, []);
  const exchanges =
    error instanceof PrerequisiteFailed || error instanceof SignInFailed
      ? [...error.exchanges, ...captured.exchanges]
      : captured.exchanges;
  const diagnosable = check.refusedByOtherLimit ? exchanges.filter((exchange) => exchange.response.status !== 429) : exchanges;
  const diagnosis = diagnose(diagnosable, ctx.http.history, ctx.target.mcpEndpoint, ctx.settings.mcpRateLimit);
  const cause = diagnosis?.prerequisite ?? (error instanceof PrerequisiteFailed ? prerequisiteOfStep(error.step) : undefined);
  // A failure for a reason another check already reported is that check's, not this one's.
  const earlier = cause ? roots.rootOf(cause) : undefined;
  if (earlier && earlier.rootId !== check.id) return result('blocked', blockedMessage(earlier), exchanges, { blockedBy: earlier.rootId });

  const failed: Status = check.level === 'MUST' ? 'fail' : 'warn';
  if (failed === 'fail') roots.recordFailure(check.id, cause);
  const message = failureMessage(error, exchanges);
  // A request that got no response and was diagnosed is on the Http's record, however the check worded it.
  const named = error instanceof CheckFailed ? error.diagnosis : undefined;
  const diagnosed = diagnosis?.cause ?? named ?? ctx.http.diagnosisSince(startedAt);
  // The cause first: the check's own account of it follows.
  return result(failed, diagnosis ? `${diagnosis.hint} (${check.id}: ${message})` : message, exchanges, diagnosed === undefined ? {} : { cause: diagnosed });
}

/** The failure in a line; an unexpected error also names the last request made, to say where it struck. */
function failureMessage(error: unknown, exchanges: readonly Exchange[]): string {
  if (error instanceof CheckFailed || error instanceof RequestFailed || error instanceof PrerequisiteFailed || error instanceof SignInFailed) {
    return error.message;
  }
  const described = describeError(error);
  const last = exchanges.at(-1);
  const where = last && !described.includes('(the request to ') ? ` (after ${last.request.method} ${last.request.url}: HTTP ${last.response.status})` : '';
  return `unexpected error: ${described}${where}`;
}

/**
 * One request before anything else, so that a wrong --url is one clear line, not 60 failures:
 * whatever answers must at least serve its protected-resource metadata as a JSON object.
 */
async function assertMcpDeployment(http: Http, target: Target): Promise<void> {
  const url = target.protectedResourceMetadata;
  let exchange: Exchange;
  try {
    exchange = await http.send({ url, headers: { accept: 'application/json' } });
  } catch (error) {
    if (error instanceof RequestFailed) throw new SetupFailed(unreachable(target, error.reason));
    throw error;
  }
  const { status, headers } = exchange.response;
  if (status === 200 && isObject(jsonOf(exchange))) return;
  const type = headers['content-type']?.split(';')[0]?.trim();
  throw new SetupFailed(
    `${target.baseUrl} is not an MCP deployment: GET ${url} answered HTTP ${status}${type ? ` (${type})` : ''}, not protected-resource metadata as JSON; --url takes the MCP host, {base_url}`,
  );
}

/** Node's names for a certificate chain it does not trust (as opposed to one that is wrong). */
const UNTRUSTED_CERTIFICATE = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

function unreachable(target: Target, reason: string): string {
  if (UNTRUSTED_CERTIFICATE.has(reason)) {
    return `cannot reach ${target.baseUrl}: its TLS certificate is not trusted (${reason}); to trust it, run with NODE_EXTRA_CA_CERTS=/path/ca.pem (the CA that signed it, or the certificate itself when self-signed)`;
  }
  return `cannot reach ${target.baseUrl}: ${reason}`;
}

/**
 * Signs in once before the checks, so that wrong credentials, a locked account or pages the
 * runner cannot fill in end the run as a setup error instead of failing every check that needs
 * a token. A deployment that breaks a rule on the way (registration, the token endpoint) is
 * left to the checks, which report it with evidence.
 */
async function signInFirst(ctx: CheckContext): Promise<void> {
  try {
    await ctx.session();
  } catch (error) {
    if (error instanceof ConformanceExitError) throw error;
    if (error instanceof PrerequisiteFailed && error.failure instanceof PageNotDriven) {
      throw new SetupFailed(
        `cannot sign in headless: ${error.failure.message}; the runner fills in a password form and a consent form, so sign in yourself with --browser`,
      );
    }
    // Any other failure is the deployment's: each check that needs the session reports it.
  }
}

async function openSignIn(settings: RunSettings, http: Http, progress: Progress): Promise<SignIn | undefined> {
  const method = settings.signIn;
  if (!method) return undefined;
  if (method.kind === 'password') return headlessSignIn(http, method, progress);
  return browserSignIn(http, progress, method.openBrowser);
}
