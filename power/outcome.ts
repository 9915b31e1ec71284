/** What one runner run against one mutant found, kept per mutant so a report can say which checks caught it. */
export interface RunnerOutcome {
  /** Check ids that failed. */
  readonly failing: readonly string[];
  readonly warned: readonly string[];
  /** The first words of each failure's message: what a person reviewing a catch reads first (a loaded machine can fail a timing check). */
  readonly failures?: Readonly<Record<string, string>>;
  /** Why no check was judged: the run could not start, or the server never listened. */
  readonly setupError?: string;
  readonly durationMs: number;
}

interface ReportLike {
  readonly results: readonly { readonly id: string; readonly status: string; readonly message?: string }[];
  readonly setupError?: string;
}

const FAILURE_WORDS = 240;

export function outcomeOf(report: ReportLike, durationMs: number): RunnerOutcome {
  const idsWith = (status: string) => report.results.filter((result) => result.status === status).map((result) => result.id);
  const failed = report.results.filter((result) => result.status === 'fail');
  return {
    failing: idsWith('fail'),
    warned: idsWith('warn'),
    ...(failed.length === 0 ? {} : { failures: Object.fromEntries(failed.map((result) => [result.id, (result.message ?? '').slice(0, FAILURE_WORDS)])) }),
    ...(report.setupError === undefined ? {} : { setupError: report.setupError }),
    durationMs,
  };
}

/** A deployment QA would not trust: a failed check, or a run that could not even start. */
export function isCaught(outcome: RunnerOutcome): boolean {
  return outcome.failing.length > 0 || outcome.setupError !== undefined;
}

/** One sampled mutant's result, stored under its key's digest. */
export interface MutantRecord {
  readonly key: string;
  /** Stryker's verdict on the command's exit code: Killed, Survived, Timeout, … */
  readonly strykerStatus: string;
  /** Absent when the command was stopped (a timeout) before the runner wrote its report. */
  readonly runner?: RunnerOutcome;
  /** The mutated file's content hash: a resumed run reuses the record only while it matches. */
  readonly fileDigest: string;
  /** When the run ended (ISO 8601); absent on the records carried over from the report of 27 November. */
  readonly measuredAt?: string;
}
