import { Chalk, type ChalkInstance } from 'chalk';
import { GROUPS } from '../check.js';
import { causesOf, type Cause } from '../causes.js';
import { allResults, casesByRule, countResults, skipReasons, type CheckResult, type Report, type Status } from '../report.js';
import { formatDuration } from './duration.js';
import { evidenceLines } from './evidence-text.js';

/** The last exchanges are the ones that show why a check failed. */
const EVIDENCE_SHOWN = 3;
const BODY_SHOWN = 300;

export const LABEL: Readonly<Record<Status, string>> = {
  pass: 'PASS',
  fail: 'FAIL',
  warn: 'WARN',
  skip: 'SKIP',
  'not-verified': 'NOT VERIFIED',
  blocked: 'BLOCKED',
};

/**
 * Colour only for a terminal, and never when NO_COLOR is set (https://no-color.org);
 * FORCE_COLOR turns it on for CI logs that render ANSI.
 */
export function shouldUseColor(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  if (env['FORCE_COLOR'] !== undefined && env['FORCE_COLOR'] !== '0' && env['FORCE_COLOR'] !== 'false') return true;
  return stream.isTTY === true;
}

export function renderConsole(report: Report, options: { readonly color: boolean }): string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const lines = [chalk.bold(`survey-mcp conformance: ${report.target}`)];
  if (report.eras) lines.push(`eras offered: ${report.eras}`);
  const all = allResults(report);
  const idWidth = Math.max(...all.map((result) => result.id.length));
  lines.push(...causeLines(report, chalk), ...baselineLines(report, chalk));
  for (const group of GROUPS) {
    const results = all.filter((result) => result.group === group);
    if (results.length === 0) continue;
    lines.push('', chalk.bold(group));
    for (const result of results) lines.push(...resultLines(result, idWidth, chalk));
  }
  lines.push(...ruleLines(report, chalk), ...skipLines(report, chalk), ...generatedLines(report, chalk), '', summaryLine(report, chalk));
  return `${lines.join('\n')}\n`;
}

function resultLines(result: CheckResult, idWidth: number, chalk: ChalkInstance): string[] {
  const paint = { pass: chalk.green, fail: chalk.red, warn: chalk.yellow, skip: chalk.gray, 'not-verified': chalk.cyan, blocked: chalk.gray }[result.status];
  const known = result.baseline === 'known' ? chalk.gray(' (known: failing in the baseline)') : '';
  const head = `  ${paint(LABEL[result.status])}  ${result.id.padEnd(idWidth)}  ${result.title}${known}`;
  if (result.status === 'pass') return [head];
  if (result.status === 'blocked') return [head, `        ${paint(result.message)}`];
  const detail = `${result.level}, ${result.spec}`;
  const lines = [head, `        ${paint(result.message)} ${chalk.gray(`(${detail})`)}`];
  if (result.status === 'skip' || result.status === 'not-verified') return lines;
  const shown = result.evidence.slice(-EVIDENCE_SHOWN);
  for (const evidence of shown) {
    lines.push(...evidenceLines(evidence, BODY_SHOWN).map((line) => chalk.gray(`        ${line}`)));
  }
  return lines;
}

/**
 * What to fix first, whenever anything failed or warned: one line per cause (causes.ts), with the
 * checks that show it and those it kept from being judged. A cause behind one check reads as that
 * check's failure.
 */
function causeLines(report: Report, chalk: ChalkInstance): string[] {
  const causes = causesOf(allResults(report));
  if (causes.length === 0) return [];
  const lines = ['', chalk.bold(`causes (${causes.length}; fix these first):`)];
  for (const cause of causes) lines.push(causeLine(cause, report, chalk));
  return lines;
}

function causeLine(cause: Cause, report: Report, chalk: ChalkInstance): string {
  const label = cause.status === 'fail' ? chalk.red('FAIL') : chalk.yellow('WARN');
  const blocks = cause.blocked > 0 ? chalk.gray(` (blocks ${plural(cause.blocked, 'check')})`) : '';
  if (cause.checks.length === 1) {
    const only = allResults(report).find((result) => result.id === cause.checks[0]);
    return `  ${label}  ${cause.checks[0]}: ${only?.message ?? cause.example}${blocks}`;
  }
  const named = cause.checks.slice(0, 3).join(', ') + (cause.checks.length > 3 ? `, +${cause.checks.length - 3} more` : '');
  return `  ${label}  ${cause.cause}: ${plural(cause.checks.length, 'check')} (${named})${blocks}`;
}

/** With --baseline: what is new since it (these set the exit code), and what it had that now passes. */
function baselineLines(report: Report, chalk: ChalkInstance): string[] {
  const baseline = report.baseline;
  if (!baseline) return [];
  const list = (ids: readonly string[]): string => (ids.length === 0 ? 'none' : ids.join(', '));
  return [
    '',
    chalk.bold(`compared with the baseline ${baseline.file} (run ${baseline.startedAt}):`),
    `  new failures:   ${(baseline.new.length > 0 ? chalk.red : chalk.gray)(list(baseline.new))}`,
    `  known too long: ${(baseline.expired.length > 0 ? chalk.red : chalk.gray)(list(baseline.expired))}`,
    `  still known:    ${chalk.gray(list(baseline.known))}`,
    `  fixed:          ${(baseline.fixed.length > 0 ? chalk.green : chalk.gray)(list(baseline.fixed))}`,
  ];
}

function summaryLine(report: Report, chalk: ChalkInstance): string {
  const counts = countResults(allResults(report));
  const { pass, fail, warn, skip, blocked } = counts;
  const notVerified = counts['not-verified'];
  const parts = [
    chalk.green(`${pass} passed`),
    (fail > 0 ? chalk.red : chalk.gray)(`${fail} failed`),
    ...(blocked > 0 ? [chalk.gray(`${blocked} blocked`)] : []),
    (warn > 0 ? chalk.yellow : chalk.gray)(`${plural(warn, 'warning')}`),
    chalk.gray(`${skip} skipped`),
    ...(notVerified > 0 ? [chalk.cyan(`${notVerified} not verified`)] : []),
  ];
  const invariants = report.invariants;
  const judgements = invariants?.judgements === undefined ? '' : ` (${plural(invariants.judgements, 'judgement')})`;
  const judged = invariants ? ` and ${plural(invariants.invariants, 'invariant')} over ${plural(invariants.exchanges, 'exchange')}${judgements}` : '';
  return `${plural(report.results.length, 'check')}${judged} in ${formatDuration(report.durationMs)}: ${parts.join(', ')}`;
}

/** The generated cases under the rules they prove: a rule reads as proven where all its cases passed. */
function ruleLines(report: Report, chalk: ChalkInstance): string[] {
  const rules = casesByRule(report.results);
  if (rules.length === 0) return [];
  const lines = ['', chalk.bold('cases, by rule')];
  for (const { rule, cases, counts } of rules) {
    const failed = cases.filter((result) => result.status === 'fail' || result.status === 'warn').map((result) => result.id);
    const tally = `${counts.pass} passed, ${counts.fail + counts.warn} failed, ${counts.skip + counts.blocked} not judged`;
    lines.push(`  ${rule}: ${plural(cases.length, 'case')} (${tally})${failed.length > 0 ? chalk.red(`: ${failed.join(', ')}`) : ''}`);
  }
  return lines;
}

/** Per endpoint, the cases its table generated for this run: one line each, for a reader sizing the run. */
function generatedLines(report: Report, chalk: ChalkInstance): string[] {
  const endpoints = (report.variants ?? []).filter((counts) => counts.selected > 0);
  if (endpoints.length === 0) return [];
  return [
    '',
    chalk.bold('generated cases, by endpoint (variants × negative inputs)'),
    ...endpoints.map(
      (counts) =>
        `  ${counts.endpoint}: ${plural(counts.selected, 'case')} over ${plural(counts.variants, 'variant')} of ${counts.binds.join(' × ')}, ${counts.run} judged, ${counts.notRun} not run, ${counts.notApplicable} n/a`,
    ),
  ];
}

/** Skips counted by reason (most are an era the deployment does not offer), then what this run could not verify. */
function skipLines(report: Report, chalk: ChalkInstance): string[] {
  const lines: string[] = [];
  for (const [status, heading] of [
    ['skip', 'skipped by rule, by reason'],
    ['not-verified', 'not verified in this run (give what it needs to judge them), by reason'],
  ] as const) {
    const reasons = skipReasons(report.results, status);
    if (reasons.length === 0) continue;
    lines.push('', chalk.bold(heading), ...reasons.map(([reason, count]) => `  ${String(count).padStart(3)}  ${chalk.gray(reason)}`));
  }
  return lines;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
