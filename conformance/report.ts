import type { Group, Level } from './groups.js';
import type { Exchange } from './http.js';
import { redactHeaders, redactText } from './redact.js';

/**
 * `blocked`: not judged, because a prerequisite it needs failed in another check (its root
 * cause, `blockedBy`). Only root failures decide the exit code.
 */
export type Status = 'pass' | 'fail' | 'warn' | 'skip' | 'blocked';

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
  /** `case` for a case a table generated (its id names the variant after `@`). */
  readonly kind?: 'case';
  /** The requirement ids a case proves, for grouping cases under their rule. */
  readonly rules?: readonly string[];
  readonly status: Status;
  /** What was observed when it passed, or why it failed, was skipped or was blocked. */
  readonly message: string;
  /** The id of the failed check whose cause keeps this one from being judged. */
  readonly blockedBy?: string;
  readonly durationMs: number;
  readonly evidence: readonly Evidence[];
  /** Exchanges left out of `evidence` to keep reports readable (the middle of a long run). */
  readonly omittedEvidence: number;
}

export interface Report {
  readonly target: string;
  /** The MCP eras the deployment was found to offer, e.g. `2026-07-28 only`; absent when no check asked. */
  readonly eras?: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly counts: Readonly<Record<Status, number>>;
  readonly results: readonly CheckResult[];
  /** Why the run ended before any check was judged (then `results` is empty). */
  readonly setupError?: string;
}

/** The report of a run that could not start: no results, and the reason in their place. */
export function setupErrorReport(target: string, startedAt: Date, message: string): Report {
  return {
    target,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    counts: countResults([]),
    results: [],
    setupError: message,
  };
}

export function countResults(results: readonly CheckResult[]): Record<Status, number> {
  const counts: Record<Status, number> = { pass: 0, fail: 0, warn: 0, skip: 0, blocked: 0 };
  for (const result of results) counts[result.status] += 1;
  return counts;
}

/** Why checks were skipped, most frequent first: `[reason, count]`. */
export function skipReasons(results: readonly CheckResult[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const result of results) {
    if (result.status === 'skip') counts.set(result.message, (counts.get(result.message) ?? 0) + 1);
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

/** A rule and the generated cases that prove it, with their counts: the report's view of the tables. */
export interface RuleCases {
  readonly rule: string;
  readonly cases: readonly CheckResult[];
  readonly counts: Readonly<Record<Status, number>>;
}

/** The cases of a run grouped under each rule they prove (a case of two rules is under both), rules in first-seen order. */
export function casesByRule(results: readonly CheckResult[]): RuleCases[] {
  const byRule = new Map<string, CheckResult[]>();
  for (const result of results) {
    if (result.kind !== 'case') continue;
    for (const rule of result.rules ?? []) byRule.set(rule, [...(byRule.get(rule) ?? []), result]);
  }
  return [...byRule].map(([rule, cases]) => ({ rule, cases, counts: countResults(cases) }));
}
