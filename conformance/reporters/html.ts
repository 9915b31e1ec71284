import { GROUPS, type Group } from '../check.js';
import { causesOf } from '../causes.js';
import { countResults, rootCauses, skipReasons, type CheckResult, type Report, type Status } from '../report.js';
import { LABEL } from './console.js';
import { formatCheckDuration, formatDuration } from './duration.js';
import { renderExchange } from './html-evidence.js';
import { REPORT_STYLE } from './html-style.js';
import { html, type SafeHtml } from './safe-html.js';

const PAST: Readonly<Record<Status, string>> = {
  pass: 'passed',
  fail: 'failed',
  warn: 'warned',
  skip: 'skipped',
  'not-verified': 'not verified',
  blocked: 'blocked',
};
const ORDER: readonly Status[] = ['pass', 'warn', 'fail', 'blocked', 'skip', 'not-verified'];

interface GroupSummary {
  readonly group: Group;
  readonly counts: Readonly<Record<Status, number>>;
  readonly results: readonly CheckResult[];
}

/**
 * The report as one self-contained page for QA and CI artifacts: no scripts and no external
 * assets, and a Content-Security-Policy that forbids both, so evidence can never act as markup.
 * Failures and warnings open with their evidence; passes and skips stay folded.
 */
export function renderHtml(report: Report): string {
  const groups: GroupSummary[] = GROUPS.map((group) => {
    const results = report.results.filter((result) => result.group === group);
    return { group, counts: countResults(results), results };
  }).filter((summary) => summary.results.length > 0);
  const attention = report.results.filter((result) => result.status === 'fail' || result.status === 'warn');
  return `<!doctype html>
${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${verdict(report)}: conformance of ${report.target}</title>
<style>${REPORT_STYLE}</style>
</head>
<body>
<header>
<h1>survey-mcp conformance</h1>
<p class="verdict ${report.counts.fail > 0 || report.setupError !== undefined ? 'fail' : report.counts.warn > 0 ? 'warn' : 'pass'}">${verdict(report)}</p>
${report.setupError === undefined ? '' : html`<p class="message setup-error">${report.setupError}</p>`}
<dl class="run">
<dt>Deployment</dt><dd><code>${report.target}</code></dd>
${report.eras !== undefined && html`<dt>Eras offered</dt><dd>${report.eras}</dd>
`}<dt>Started</dt><dd><time datetime="${report.startedAt}">${readableTime(report.startedAt)}</time></dd>
<dt>Duration</dt><dd>${formatDuration(report.durationMs)}</dd>
<dt>Checks</dt><dd>${countsText(report.counts)}</dd>
${skipReasons(report.results).map(([reason, count]) => html`<dt>Skipped</dt><dd>${count}: ${reason}</dd>
`)}${skipReasons(report.results, 'not-verified').map(([reason, count]) => html`<dt>Not verified</dt><dd>${count}: ${reason}</dd>
`)}</dl>
${causeList(report)}
</header>
<main>
<table class="summary">
<caption>By group</caption>
<tbody>${groups.map(summaryRow)}</tbody>
</table>
${attention.length > 0 ? attentionList(attention, report.results) : ''}
${groups.map(groupSection)}
</main>
<footer>Authorization codes, tokens, client secrets, assertions, passwords and cookies are redacted from the evidence and messages; long bodies are cut, and a check that made many requests keeps its first and last ones.</footer>
</body>
</html>
`}`;
}

function verdict(report: Report): string {
  if (report.setupError !== undefined) return 'setup error: no check was run';
  const { fail, warn, blocked } = report.counts;
  if (fail > 0 && blocked > 0) return `${fail} of ${report.results.length} checks failed, ${blocked} blocked by them`;
  if (fail > 0) return `${fail} of ${report.results.length} checks failed`;
  const warnings = warn > 0 ? ` (${warn} ${warn === 1 ? 'warning' : 'warnings'})` : '';
  return `every MUST passed${warnings}`;
}

function countsText(counts: Readonly<Record<Status, number>>): string {
  const { pass, fail, warn, skip, blocked } = counts;
  const blockedText = blocked > 0 ? `, ${blocked} blocked` : '';
  const notVerified = counts['not-verified'] > 0 ? `, ${counts['not-verified']} not verified` : '';
  return `${pass} passed, ${fail} failed${blockedText}, ${warn} ${warn === 1 ? 'warning' : 'warnings'}, ${skip} skipped${notVerified}`;
}

/** The page opens with what to fix: one line per cause (causes.ts), its checks linked. */
function causeList(report: Report): SafeHtml | string {
  const causes = causesOf(report.results);
  if (causes.length === 0) return '';
  return html`<section class="causes">
<h2>Causes, fix these first</h2>
<ol>${causes.map(
    (cause) =>
      html`<li><span class="badge ${cause.status}">${LABEL[cause.status]}</span> ${cause.checks.length === 1 ? cause.example : cause.cause}: ${cause.checks.map(
        (id, index) => html`${index > 0 ? ', ' : ''}<a href="#check-${id}">${id}</a>`,
      )}${cause.blocked > 0 ? html` <span class="blocks">(blocks ${cause.blocked} ${cause.blocked === 1 ? 'check' : 'checks'})</span>` : ''}</li>`,
  )}</ol>
</section>`;
}

/** `2026-11-26 03:12:40 UTC`: one time zone for everyone reading a CI artifact. */
function readableTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

function summaryRow({ group, counts, results }: GroupSummary): SafeHtml {
  const segments = ORDER.filter((status) => counts[status] > 0).map(
    (status) =>
      html`<span class="segment ${status}" style="width:${((counts[status] / results.length) * 100).toFixed(2)}%" title="${counts[status]} ${PAST[status]}">${counts[status]}</span>`,
  );
  return html`<tr>
<th scope="row"><a href="#group-${group}">${group}</a></th>
<td><div class="bar" role="img" aria-label="${countsText(counts)}">${segments}</div></td>
<td class="counts">${countsText(counts)}</td>
</tr>`;
}

/** The failures and warnings, failures that blocked others saying how many: where to start. */
function attentionList(results: readonly CheckResult[], all: readonly CheckResult[]): SafeHtml {
  const blocks = new Map(rootCauses(all).map(({ result, blocked }) => [result.id, blocked]));
  const blocked = (id: string): SafeHtml | string => {
    const count = blocks.get(id) ?? 0;
    return count > 0 ? html` <span class="blocks">(root cause: blocks ${count} ${count === 1 ? 'check' : 'checks'})</span>` : '';
  };
  return html`<nav class="attention">
<h2>Needs attention</h2>
<ul>${results.map((result) => html`<li><span class="badge ${result.status}">${LABEL[result.status]}</span> <a href="#check-${result.id}">${result.id}</a>: ${result.message}${blocked(result.id)}</li>`)}</ul>
</nav>`;
}

function groupSection({ group, counts, results }: GroupSummary): SafeHtml {
  return html`<section class="group" id="group-${group}">
<h2>${group} <small>${countsText(counts)}</small></h2>
${results.map(checkBlock)}
</section>`;
}

function checkBlock(result: CheckResult): SafeHtml {
  const open = result.status === 'fail' || result.status === 'warn';
  const omitted = result.omittedEvidence > 0 ? html`<p class="omitted">${result.omittedEvidence} exchanges in the middle are left out.</p>` : '';
  return html`<details class="check ${result.status}" id="check-${result.id}"${open ? html` open` : ''}>
<summary><span class="badge ${result.status}">${LABEL[result.status]}</span> <code class="id">${result.id}</code> <span class="title">${result.title}</span> <span class="about">${result.level} · ${result.spec} · ${formatCheckDuration(result.durationMs)}</span></summary>
<div class="detail">
<p class="message">${messageOf(result)}</p>
${result.evidence.length > 0 ? html`<div class="evidence">${omitted}${result.evidence.map(renderExchange)}</div>` : ''}
</div>
</details>`;
}

/** A blocked check's message links to the check that blocked it. */
function messageOf(result: CheckResult): SafeHtml | string {
  const root = result.blockedBy;
  const lead = `blocked by ${root}`;
  if (root === undefined || !result.message.startsWith(lead)) return result.message;
  return html`blocked by <a href="#check-${root}">${root}</a>${result.message.slice(lead.length)}`;
}
