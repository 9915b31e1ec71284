import { dirname } from 'node:path';
import { isCaught, type MutantRecord } from './outcome.js';

/**
 * `observable, no rule binds it`: an outside client can see the difference (a wording, a header
 * value) but no requirement binds it as a MUST. It is neither caught nor missed, so it stays out
 * of the score, and it is counted and listed apart: never folded into `equivalent`.
 */
export const UNBOUND = 'observable, no rule binds it';
export type Verdict = 'caught' | 'survived' | typeof UNBOUND | 'not observable' | 'equivalent';
export const VERDICTS: readonly Verdict[] = ['caught', 'survived', UNBOUND, 'not observable', 'equivalent'];

/**
 * A person's verdict on a survivor, in power/reasons.json, keyed by the mutant's identity
 * (power/site.ts). `gap`: the runner should have caught it, and `check` says where.
 */
export interface SurvivorReason {
  readonly mutant: string;
  readonly verdict: typeof UNBOUND | 'not observable' | 'equivalent' | 'gap';
  readonly reason: string;
  /** For a gap: the check that should catch it (new or widened). */
  readonly check?: string;
  /** The manifest requirement the mutant breaks, when one does. */
  readonly requirement?: string;
}

export interface Classified {
  readonly key: string;
  readonly file: string;
  readonly verdict: Verdict;
  /** Why: the failing checks, `timeout`, the setup error, or the survivor's reason. */
  readonly how: string;
  readonly failing: readonly string[];
  /** Warnings do not fail a run, so they do not catch a mutant; a survivor's new ones are worth a look. */
  readonly warned: readonly string[];
  readonly reason?: SurvivorReason;
}

export function classify(record: MutantRecord, reasons: ReadonlyMap<string, SurvivorReason>): Classified | undefined {
  const file = record.key.split(' | ')[0]!;
  const base = { key: record.key, file, failing: record.runner?.failing ?? [], warned: record.runner?.warned ?? [] };
  if (record.strykerStatus === 'Timeout') return { ...base, verdict: 'caught', how: 'timeout: the deployment stopped answering' };
  // No report means the harness broke, not that the runner noticed: the mutant is not counted.
  if (!record.runner) return undefined;
  if (isCaught(record.runner)) {
    return { ...base, verdict: 'caught', how: record.runner.setupError ? `setup error: ${record.runner.setupError}` : record.runner.failing.join(', ') };
  }
  const reason = reasons.get(record.key);
  if (!reason || reason.verdict === 'gap') {
    return { ...base, verdict: 'survived', how: reason ? `gap: ${reason.check ?? 'no check'} — ${reason.reason}` : 'not reviewed', ...(reason ? { reason } : {}) };
  }
  return { ...base, verdict: reason.verdict, how: reason.reason, reason };
}

/** `score` is caught / (caught + survived), a gap being a survivor; the other three verdicts stay out of it. */
export type Counts = Record<Verdict, number> & { readonly score: number | null };

export function countVerdicts(mutants: readonly Classified[]): Counts {
  const counts = { caught: 0, survived: 0, [UNBOUND]: 0, 'not observable': 0, equivalent: 0 };
  for (const mutant of mutants) counts[mutant.verdict] += 1;
  const judged = counts.caught + counts.survived;
  return { ...counts, score: judged === 0 ? null : counts.caught / judged };
}

/** The folder a mutant's file sits in, e.g. `src/oauth/handlers`. */
export function areaOf(mutant: Classified): string {
  return dirname(mutant.file);
}

/**
 * The requirement sources a mutant counts under: those of the requirements the checks that
 * caught it prove, or the one its reason names; `(none)` for a survivor nobody has traced yet.
 */
export function sourcesOf(
  mutant: Classified,
  sourcesByCheck: ReadonlyMap<string, readonly string[]>,
  sourceByRequirement: ReadonlyMap<string, string>,
): string[] {
  const fromChecks = mutant.failing.flatMap((check) => sourcesByCheck.get(check) ?? []);
  const fromReason = mutant.reason?.requirement ? [sourceByRequirement.get(mutant.reason.requirement) ?? '(unknown requirement)'] : [];
  const sources = [...new Set([...fromChecks, ...fromReason])];
  return sources.length > 0 ? sources.sort() : ['(none)'];
}

export function groupCounts(mutants: readonly Classified[], groupsOf: (mutant: Classified) => readonly string[]): { name: string; counts: Counts }[] {
  const groups = new Map<string, Classified[]>();
  for (const mutant of mutants) for (const name of groupsOf(mutant)) groups.set(name, [...(groups.get(name) ?? []), mutant]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, members]) => ({ name, counts: countVerdicts(members) }));
}
