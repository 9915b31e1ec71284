import { Chalk, type ChalkInstance } from 'chalk';
import { GROUPS } from '../check.js';
import { casesByRule, rootCauses, skipReasons, type CheckResult, type Report, type Status } from '../report.js';
import { formatDuration } from './duration.js';
import { evidenceLines } from './evidence-text.js';

/** The last exchanges are the ones that show why a check failed. */
const EVIDENCE_SHOWN = 3;
const BODY_SHOWN = 300;

const LABEL: Readonly<Record<Status, string>> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP', blocked: 'BLOCKED' };

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
  const idWidth = Math.max(...report.results.map((result) => result.id.length));
  lines.push(...rootCauseLines(report, chalk));
  for (const group of GROUPS) {
    const results = report.results.filter((result) => result.group === group);
    if (results.length === 0) continue;
    lines.push('', chalk.bold(group));
    for (const result of results) lines.push(...resultLines(result, idWidth, chalk));
  }
  lines.push(...ruleLines(report, chalk), ...skipLines(report, chalk), '', summaryLine(report, chalk));
  return `${lines.join('\n')}\n`;
}

function resultLines(result: CheckResult, idWidth: number, chalk: ChalkInstance): string[] {
  const paint = { pass: chalk.green, fail: chalk.red, warn: chalk.yellow, skip: chalk.gray, blocked: chalk.gray }[result.status];
  const head = `  ${paint(LABEL[result.status])}  ${result.id.padEnd(idWidth)}  ${result.title}`;
  if (result.status === 'pass') return [head];
  if (result.status === 'blocked') return [head, `        ${paint(result.message)}`];
  const detail = `${result.level}, ${result.spec}`;
  const lines = [head, `        ${paint(result.message)} ${chalk.gray(`(${detail})`)}`];
  if (result.status === 'skip') return lines;
  const shown = result.evidence.slice(-EVIDENCE_SHOWN);
  for (const evidence of shown) {
    lines.push(...evidenceLines(evidence, BODY_SHOWN).map((line) => chalk.gray(`        ${line}`)));
  }
  return lines;
}

/** The failures first, each once, with how many checks it kept from being judged: where to start. */
function rootCauseLines(report: Report, chalk: ChalkInstance): string[] {
  const roots = rootCauses(report.results);
  if (roots.length === 0 || report.counts.blocked === 0) return [];
  const lines = ['', chalk.bold(`root causes (${roots.length}; fix these first):`)];
  for (const { result, blocked } of roots) {
    const blocks = blocked > 0 ? chalk.gray(` (blocks ${plural(blocked, 'check')})`) : '';
    lines.push(`  ${chalk.red('FAIL')}  ${result.id}: ${result.message}${blocks}`);
  }
  return lines;
}

function summaryLine(report: Report, chalk: ChalkInstance): string {
  const { pass, fail, warn, skip, blocked } = report.counts;
  const parts = [
    chalk.green(`${pass} passed`),
    (fail > 0 ? chalk.red : chalk.gray)(`${fail} failed`),
    ...(blocked > 0 ? [chalk.gray(`${blocked} blocked`)] : []),
    (warn > 0 ? chalk.yellow : chalk.gray)(`${plural(warn, 'warning')}`),
    chalk.gray(`${skip} skipped`),
  ];
  return `${plural(report.results.length, 'check')} in ${formatDuration(report.durationMs)}: ${parts.join(', ')}`;
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

/** Skips counted by reason: most are one missing flag or one era the deployment does not offer. */
function skipLines(report: Report, chalk: ChalkInstance): string[] {
  const reasons = skipReasons(report.results);
  if (reasons.length === 0) return [];
  return ['', chalk.bold('skipped, by reason'), ...reasons.map(([reason, count]) => `  ${String(count).padStart(3)}  ${chalk.gray(reason)}`)];
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
