/**
 * GitHub Actions: workflow commands on stdout turn each failure and warning into an annotation
 * on the job (`::error title=…::…`), and the job summary (the file `GITHUB_STEP_SUMMARY` names)
 * gets a short markdown table. Only when `GITHUB_ACTIONS=true`, as GitHub sets it.
 */
import { causesOf } from '../causes.js';
import type { CheckResult, Report } from '../report.js';

export function onGithubActions(env: NodeJS.ProcessEnv): boolean {
  return env['GITHUB_ACTIONS'] === 'true';
}

/** One workflow command per failure and warning; a known failure (in the baseline) is a warning. */
export function renderAnnotations(report: Report): string {
  if (report.setupError !== undefined) return `::error title=conformance setup::${escapeData(`no check was run: ${report.setupError}`)}\n`;
  return report.results
    .filter((result) => result.status === 'fail' || result.status === 'warn')
    .map((result) => {
      const known = result.baseline === 'known';
      const command = result.status === 'fail' && !known ? 'error' : 'warning';
      const note = known ? ` (known failure since ${result.knownSince?.slice(0, 10) ?? 'the baseline'})` : '';
      return `::${command} title=${escapeProperty(result.id)}::${escapeData(`${result.message}${note} (${result.level}, ${result.spec})`)}\n`;
    })
    .join('');
}

const ROWS_SHOWN = 30;

/** The job summary: the verdict, the counts, the causes, the failures (at most 30 rows each). */
export function renderStepSummary(report: Report): string {
  const lines = [`### survey-mcp conformance: ${cell(report.target)}`, ''];
  if (report.setupError !== undefined) return `${[...lines, `**Setup error**, no check was run: ${cell(report.setupError)}`].join('\n')}\n`;
  const { pass, fail, warn, skip, blocked } = report.counts;
  lines.push(
    '| passed | failed | warnings | blocked | skipped | not verified |',
    '|---:|---:|---:|---:|---:|---:|',
    `| ${pass} | ${fail} | ${warn} | ${blocked} | ${skip} | ${report.counts['not-verified']} |`,
  );
  const causes = causesOf(report.results);
  if (causes.length > 0) {
    lines.push('', '| cause | checks | blocks |', '|---|---|---:|');
    for (const cause of causes.slice(0, ROWS_SHOWN)) {
      const what = cause.checks.length === 1 ? cause.example : cause.cause;
      lines.push(`| ${cause.status === 'fail' ? '❌' : '⚠️'} ${cell(what)} | ${cause.checks.map((id) => `\`${id}\``).join(', ')} | ${cause.blocked} |`);
    }
  }
  const failures = report.results.filter((result) => result.status === 'fail' || result.status === 'warn');
  if (failures.length > 0) {
    lines.push('', '| check | level | baseline | message |', '|---|---|---|---|');
    for (const result of failures.slice(0, ROWS_SHOWN)) lines.push(failureRow(result));
    if (failures.length > ROWS_SHOWN) lines.push('', `…and ${failures.length - ROWS_SHOWN} more in the reports.`);
  }
  return `${lines.join('\n')}\n`;
}

function failureRow(result: CheckResult): string {
  const state = result.baseline ?? '';
  return `| \`${result.id}\` | ${result.status === 'fail' ? result.level : `${result.level} (warning)`} | ${state} | ${cell(result.message)} |`;
}

/** A table cell: one line, no column break. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 300);
}

// https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts (escapeData, escapeProperty)
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
