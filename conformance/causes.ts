/**
 * Failures grouped by cause, for the summary every report opens with: eight checks failing
 * because 401s lack `WWW-Authenticate` are one thing to fix, not eight. A cause is, in order:
 * the diagnosis the runner handed over with the result (`cause`: root-causes.ts, http.ts); the
 * one HTTP header a message names; else the message's last clause (what was observed) with eras,
 * numbers and quoted values taken out.
 */
import type { CheckResult } from './report.js';

export interface Cause {
  /** What to fix, in a line. */
  readonly cause: string;
  /** `fail` when any of its checks failed a MUST, else `warn`. */
  readonly status: 'fail' | 'warn';
  /** The failed or warned checks that show it, in run order. */
  readonly checks: readonly string[];
  /** Checks not judged because of it (blocked by one of `checks`). */
  readonly blocked: number;
  /** One message in full, as an example. */
  readonly example: string;
}

// `WWW-Authenticate`, `Cache-Control`, `Mcp-Protocol-Version`, `Retry-After`: two or more words
// joined by hyphens, each capitalised (lower-case hyphenated words are prose, not headers).
const HEADER = /\b(?:[A-Z][A-Za-z]*-)+[A-Z][A-Za-z]*\b/g;
const ERA_PREFIX = /^(?:\d{4}-\d{2}-\d{2}(?: and \d{4}-\d{2}-\d{2})?: )+/;

export function causesOf(results: readonly CheckResult[]): Cause[] {
  const causes = new Map<string, { status: 'fail' | 'warn'; checks: string[]; blocked: number; example: string }>();
  for (const result of results) {
    if (result.status !== 'fail' && result.status !== 'warn') continue;
    const key = result.cause ?? causeOf(result.message);
    const entry = causes.get(key) ?? { status: 'warn' as const, checks: [], blocked: 0, example: result.message };
    if (result.status === 'fail') entry.status = 'fail';
    entry.checks.push(result.id);
    entry.blocked += results.filter((other) => other.blockedBy === result.id).length;
    causes.set(key, entry);
  }
  return [...causes]
    .map(([cause, entry]) => ({ cause, ...entry }))
    .sort((a, b) => rank(a) - rank(b));
}

/** MUST causes first, then those behind the most checks. */
function rank(cause: Cause): number {
  return (cause.status === 'fail' ? 0 : 1_000_000) - (cause.checks.length + cause.blocked);
}

/** The cause of a failure the runner did not diagnose, read from its message. */
export function causeOf(message: string): string {
  const headers = new Set(message.match(HEADER) ?? []);
  if (headers.size === 1) return `the ${[...headers][0]} header`;
  const clauses = message.replace(ERA_PREFIX, '').split(': ');
  const observed = clauses.length > 1 ? clauses.at(-1)! : clauses[0]!;
  return observed
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '…')
    .replace(/https?:\/\/\S+/g, 'URL')
    .replace(/\b\d+(?:\.\d+)?\b/g, 'N')
    .replace(/\s*\([^)]*\)\s*$/, '')
    .trim();
}
