/**
 * `--baseline FILE`: an earlier JSON report of the same deployment. A failure that failed there
 * too is *known*: reported, but it does not fail the run; one that did not is *new*, and does. A
 * known failure carries the date it was first seen (`knownSince`, handed on from report to
 * report), and after `maxAgeDays` it is *expired* and fails the run again, so that "known" cannot
 * hide a problem forever. A check failing in the baseline that now passes is *fixed*.
 */
import type { BaselineState, CheckResult, Report } from './report.js';

/** What is read of the baseline: the fields every report version since the first has. */
export interface BaselineReport {
  readonly startedAt: string;
  readonly results: readonly Pick<CheckResult, 'id' | 'status' | 'knownSince'>[];
}

export interface BaselineOptions {
  readonly file: string;
  readonly maxAgeDays: number;
  readonly now: Date;
}

export const DEFAULT_BASELINE_MAX_AGE_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

const failing = (status: CheckResult['status']): boolean => status === 'fail' || status === 'warn';

export function compareWithBaseline(report: Report, baseline: BaselineReport, options: BaselineOptions): Report {
  const earlier = new Map(baseline.results.filter((result) => failing(result.status)).map((result) => [result.id, result]));
  const oldestAllowed = options.now.getTime() - options.maxAgeDays * DAY_MS;
  const results = report.results.map((result): CheckResult => {
    if (!failing(result.status)) return result;
    const before = earlier.get(result.id);
    if (!before) return { ...result, baseline: 'new' };
    const knownSince = before.knownSince ?? baseline.startedAt;
    const state: BaselineState = Date.parse(knownSince) < oldestAllowed ? 'expired' : 'known';
    return { ...result, baseline: state, knownSince };
  });
  const ids = (state: BaselineState): string[] => results.filter((result) => result.baseline === state).map((result) => result.id);
  const passing = new Set(results.filter((result) => result.status === 'pass').map((result) => result.id));
  return {
    ...report,
    results,
    baseline: {
      file: options.file,
      startedAt: baseline.startedAt,
      new: ids('new'),
      known: ids('known'),
      expired: ids('expired'),
      fixed: [...earlier.keys()].filter((id) => passing.has(id)),
    },
  };
}

/** The failures that decide the exit code: all of them, or with a baseline those not known. */
export function deciding(report: Report): CheckResult[] {
  return report.results.filter((result) => result.status === 'fail' && result.baseline !== 'known');
}

/** A baseline file's content, checked enough to compare with: a clear error names what is wrong. */
export function parseBaseline(text: string, file: string): BaselineReport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`--baseline ${file} is not JSON (${(error as Error).message}): give a report written by --json`);
  }
  const candidate = parsed as Partial<BaselineReport> & { schemaVersion?: unknown };
  if (typeof candidate !== 'object' || candidate === null || !Array.isArray(candidate.results) || typeof candidate.startedAt !== 'string') {
    throw new Error(`--baseline ${file} is not a conformance report: it has no "results" list or "startedAt"; give a report written by --json`);
  }
  if (candidate.schemaVersion !== undefined && candidate.schemaVersion !== 1) {
    throw new Error(`--baseline ${file} is a report of schema version ${String(candidate.schemaVersion)}; this runner reads version 1`);
  }
  const malformed = candidate.results.findIndex((result) => typeof result?.id !== 'string' || typeof result?.status !== 'string');
  if (malformed >= 0) throw new Error(`--baseline ${file}: results[${malformed}] has no "id" or "status"`);
  return { startedAt: candidate.startedAt, results: candidate.results };
}
