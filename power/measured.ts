/**
 * The measured mutants, committed in power/measured.json so that a fresh clone resumes where the
 * last run stopped. One record per mutant identity; a record holds its file's content hash, and
 * a run re-measures the mutant once that file has changed.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { classify, type SurvivorReason, type Verdict } from './classify.js';
import type { MutantRecord } from './outcome.js';

export type Measured = Map<string, MutantRecord>;

export function loadMeasured(file: string): Measured {
  if (!existsSync(file)) return new Map();
  const records = JSON.parse(readFileSync(file, 'utf8')) as MutantRecord[];
  return new Map(records.map((record) => [record.key, record]));
}

/** One line a mutant, sorted by identity, so that a diff shows which mutants a run added or changed. */
export function saveMeasured(file: string, measured: Measured): void {
  const records = [...measured.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // Written beside and renamed: a run stopped mid-write leaves the previous file whole.
  writeFileSync(`${file}.tmp`, `[\n${records.map((record) => JSON.stringify(record)).join(',\n')}\n]\n`);
  renameSync(`${file}.tmp`, file);
}

/**
 * Whether a resumed run may keep a mutant's record instead of measuring it: the record's file is
 * unchanged, the harness did not break (a record without a runner report counts for nothing), and
 * its verdict is not one the run was asked to measure again.
 */
export function isReusable(
  record: MutantRecord | undefined,
  fileDigest: string,
  reasons: ReadonlyMap<string, SurvivorReason>,
  remeasure: readonly Verdict[],
): record is MutantRecord {
  if (record?.fileDigest !== fileDigest) return false;
  const verdict = classify(record, reasons)?.verdict;
  return verdict !== undefined && !remeasure.includes(verdict);
}
