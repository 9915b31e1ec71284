/** The sample's report: every sampled mutant classified, counted per area and per requirement source. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REQUIREMENTS } from '../conformance/requirements/manifest.js';
import { checksOf } from '../conformance/requirements/requirement.js';
import { areaOf, classify, countVerdicts, groupCounts, sourcesOf, UNBOUND, type Classified, type Counts, type SurvivorReason } from './classify.js';
import type { MutantRecord, RunnerOutcome } from './outcome.js';
import { loadMeasured } from './measured.js';
import type { PowerSettings } from './settings.js';

export interface PowerReport {
  readonly seed: string;
  readonly size: number;
  /** Mutants Stryker made in the mutated areas, the sample drawn from them, and how many of it have a result. */
  readonly population: number;
  readonly sampled: number;
  readonly measured: number;
  /** The unmutated server's run: how long one runner run takes, and its warnings. */
  readonly baseline?: RunnerOutcome;
  readonly totals: Counts;
  readonly perArea: readonly { name: string; counts: Counts }[];
  readonly perSource: readonly { name: string; counts: Counts }[];
  readonly mutants: readonly Classified[];
}

export function sourceMaps() {
  const sourcesByCheck = new Map<string, string[]>();
  const sourceByRequirement = new Map<string, string>();
  for (const requirement of REQUIREMENTS) {
    sourceByRequirement.set(requirement.id, requirement.source);
    for (const check of checksOf(requirement)) sourcesByCheck.set(check, [...new Set([...(sourcesByCheck.get(check) ?? []), requirement.source])]);
  }
  return { sourcesByCheck, sourceByRequirement };
}

export const REASONS_FILE = 'power/reasons.json';

export function loadReasons(file: string): Map<string, SurvivorReason> {
  const reasons = JSON.parse(readFileSync(file, 'utf8')) as SurvivorReason[];
  return new Map(reasons.map((reason) => [reason.mutant, reason]));
}

export function buildReport(settings: PowerSettings, reasons: ReadonlyMap<string, SurvivorReason>): PowerReport {
  const sample = JSON.parse(readFileSync(settings.sample, 'utf8')) as { seed: string; size: number; population: number; sampled: string[] };
  const measured = loadMeasured(settings.measured);
  const records = sample.sampled.map((key) => measured.get(key)).filter((record): record is MutantRecord => record !== undefined);
  const mutants = records.map((record) => classify(record, reasons)).filter((mutant): mutant is Classified => mutant !== undefined);
  const { sourcesByCheck, sourceByRequirement } = sourceMaps();
  const baselineFile = join(settings.runs, 'baseline.json');
  return {
    seed: sample.seed,
    size: sample.size,
    population: sample.population,
    sampled: sample.sampled.length,
    measured: mutants.length,
    ...(existsSync(baselineFile) ? { baseline: JSON.parse(readFileSync(baselineFile, 'utf8')) as RunnerOutcome } : {}),
    totals: countVerdicts(mutants),
    perArea: groupCounts(mutants, (mutant) => [areaOf(mutant)]),
    perSource: groupCounts(mutants, (mutant) => sourcesOf(mutant, sourcesByCheck, sourceByRequirement)),
    mutants: [...mutants].sort((a, b) => a.key.localeCompare(b.key)),
  };
}

const percent = (score: number | null) => (score === null ? '–' : `${Math.round(score * 100)} %`);
const row = (name: string, counts: Counts) =>
  `| ${name} | ${counts.caught} | ${counts.survived} | ${counts[UNBOUND]} | ${counts['not observable']} | ${counts.equivalent} | ${percent(counts.score)} |`;

export function reportTable(report: PowerReport): string {
  const head = [`| | caught | survived | ${UNBOUND} | not observable | equivalent | score |`, '|---|---:|---:|---:|---:|---:|---:|'];
  return [
    `Seed ${report.seed}, sample of ${report.sampled} of ${report.population} mutants, ${report.measured} measured` +
      (report.baseline ? `; one runner run against the unmutated server took ${Math.round(report.baseline.durationMs / 1000)} s.` : '.'),
    '',
    ...head,
    row('**all measured**', report.totals),
    ...report.perArea.map(({ name, counts }) => row(`\`${name}\``, counts)),
    '',
    'Per requirement source (a caught mutant counts under the sources of the checks that failed, the first failure only since runs stop there; a survivor under the requirement its reason names, else `(none)`):',
    '',
    ...head,
    ...report.perSource.map(({ name, counts }) => row(name, counts)),
    '',
    'Survivors (a gap names the check that should catch it):',
    '',
    ...survivorLines(report.mutants, report.baseline?.warned ?? []),
    '',
    'Observable, no rule binds it (an outside client sees the difference, no MUST binds it; counted apart, outside the score):',
    '',
    ...unboundLines(report.mutants),
  ].join('\n');
}

function mutantLine(mutant: Classified, after = ''): string {
  const [file, mutator, original, replacement] = mutant.key.split(' | ').map((part) => part.replaceAll('`', "'"));
  return `- \`${file}\` ${mutator}: \`${original}\` → \`${replacement}\`: ${mutant.how}${after}`;
}

function survivorLines(mutants: readonly Classified[], baselineWarnings: readonly string[]): string[] {
  const survivors = mutants.filter((mutant) => mutant.verdict === 'survived');
  if (survivors.length === 0) return ['none'];
  return survivors.map((mutant) => {
    const warned = mutant.warned.filter((check) => !baselineWarnings.includes(check));
    return mutantLine(mutant, warned.length > 0 ? ` (the runner warned: ${warned.join(', ')})` : '');
  });
}

function unboundLines(mutants: readonly Classified[]): string[] {
  const unbound = mutants.filter((mutant) => mutant.verdict === UNBOUND);
  return unbound.length === 0 ? ['none'] : unbound.map((mutant) => mutantLine(mutant));
}

export const TABLE_START = '<!-- runner-power:table -->';
export const TABLE_END = '<!-- /runner-power:table -->';

/** The page with its generated table replaced, the hand-written text around it kept. */
export function withTable(page: string, table: string): string {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`the page has no ${TABLE_START} … ${TABLE_END} markers`);
  return `${page.slice(0, start + TABLE_START.length)}\n${table}\n${page.slice(end)}`;
}
