import type { Group, Level } from './groups.js';
import type { Exchange } from './http.js';
import { redactHeaders, redactText } from './redact.js';
import { toolVersion } from './tool-version.js';

/**
 * `blocked`: not judged, because a prerequisite it needs failed in another check (its root
 * cause, `blockedBy`). Only root failures decide the exit code. `skip`: the rule does not apply
 * to this deployment (an era or a feature it does not offer); `not-verified`: it may apply, but
 * this run could not judge it (an opt-in flag, a headless sign-in, a document to host).
 */
export type Status = 'pass' | 'fail' | 'warn' | 'skip' | 'not-verified' | 'blocked';

export const STATUSES: readonly Status[] = ['pass', 'fail', 'warn', 'skip', 'not-verified', 'blocked'];

/** The JSON report's shape; `schemas/report.v1.json` describes it (docs/conformance.md, "The JSON report"). */
export const REPORT_SCHEMA_VERSION = 1;

/** How a result compares with `--baseline`: failing there too (known), or not (new). */
export type BaselineState = 'new' | 'known' | 'expired';

/** One exchange as reported: secrets redacted, long bodies cut. */
export interface Evidence {
  readonly request: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody?: string;
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, string>>;
  readonly responseBody: string;
}

export interface CheckResult {
  readonly id: string;
  readonly group: Group;
  readonly title: string;
  readonly spec: string;
  readonly level: Level;
  readonly status: Status;
  /** What was observed when it passed, or why it failed, was skipped or was blocked. */
  readonly message: string;
  /** The id of the failed check whose cause keeps this one from being judged. */
  readonly blockedBy?: string;
  readonly durationMs: number;
  readonly evidence: readonly Evidence[];
  /** Exchanges left out of `evidence` to keep reports readable (the middle of a long run). */
  readonly omittedEvidence: number;
  /** A failure or warning compared with `--baseline`. */
  readonly baseline?: BaselineState;
  /** When a known failure was first seen failing (carried from baseline to baseline). */
  readonly knownSince?: string;
}

/** What `--baseline` found: the checks failing anew, still, no longer, and known for too long. */
export interface BaselineSummary {
  readonly file: string;
  readonly startedAt: string;
  readonly new: readonly string[];
  readonly known: readonly string[];
  readonly expired: readonly string[];
  readonly fixed: readonly string[];
}

export interface Report {
  readonly schemaVersion: typeof REPORT_SCHEMA_VERSION;
  readonly tool: { readonly name: string; readonly version: string };
  readonly target: string;
  /** The MCP eras the deployment was found to offer, e.g. `2026-07-28 only`; absent when no check asked. */
  readonly eras?: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly counts: Readonly<Record<Status, number>>;
  readonly results: readonly CheckResult[];
  /** Why the run ended before any check was judged (then `results` is empty). */
  readonly setupError?: string;
  readonly baseline?: BaselineSummary;
}

/** The fields every report starts with. */
export function reportHeader(): Pick<Report, 'schemaVersion' | 'tool'> {
  return { schemaVersion: REPORT_SCHEMA_VERSION, tool: { name: 'survey-mcp conformance', version: toolVersion } };
}

/** The report of a run that could not start: no results, and the reason in their place. */
export function setupErrorReport(target: string, startedAt: Date, message: string): Report {
  return {
    ...reportHeader(),
    target,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    counts: countResults([]),
    results: [],
    setupError: message,
  };
}

export function countResults(results: readonly CheckResult[]): Record<Status, number> {
  const counts = Object.fromEntries(STATUSES.map((status) => [status, 0])) as Record<Status, number>;
  for (const result of results) counts[result.status] += 1;
  return counts;
}

/** Why checks were skipped (or not verified), most frequent first: `[reason, count]`. */
export function skipReasons(results: readonly CheckResult[], status: 'skip' | 'not-verified' = 'skip'): [string, number][] {
  const counts = new Map<string, number>();
  for (const result of results) {
    if (result.status === status) counts.set(result.message, (counts.get(result.message) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

/** The failures that are causes: each with the number of checks it blocked. */
export function rootCauses(results: readonly CheckResult[]): { result: CheckResult; blocked: number }[] {
  return results
    .filter((result) => result.status === 'fail')
    .map((result) => ({ result, blocked: results.filter((other) => other.blockedBy === result.id).length }));
}

const KEEP_FIRST = 4;
const KEEP_LAST = 8;
const MAX_BODY = 2000;

/** The first and last exchanges of a check (a rate-limit check may make hundreds). */
export function evidenceOf(exchanges: readonly Exchange[]): { evidence: Evidence[]; omitted: number } {
  const kept =
    exchanges.length <= KEEP_FIRST + KEEP_LAST
      ? exchanges
      : [...exchanges.slice(0, KEEP_FIRST), ...exchanges.slice(-KEEP_LAST)];
  return { evidence: kept.map(toEvidence), omitted: exchanges.length - kept.length };
}

function toEvidence({ request, response }: Exchange): Evidence {
  return {
    request: redactText(`${request.method} ${request.url}`),
    requestHeaders: redactHeaders(request.headers),
    ...(request.body === undefined ? {} : { requestBody: cut(redactText(request.body)) }),
    status: response.status,
    responseHeaders: redactHeaders(response.headers),
    responseBody: cut(redactText(response.body)),
  };
}

function cut(text: string): string {
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}… (${text.length - MAX_BODY} more characters)` : text;
}
