import { GROUPS } from '../check.js';
import type { CheckResult, Report } from '../report.js';
import { evidenceLines } from './evidence-text.js';

const BODY_SHOWN = 1000;

/**
 * JUnit XML, which CI systems show as test results: a suite per group, a case per check. JUnit
 * has no warnings, so a failed SHOULD passes with the reason in its system-out; nor blocked, so a
 * blocked check is skipped with its root cause as the message.
 */
export function renderJunit(report: Report): string {
  if (report.setupError !== undefined) return renderSetupError(report, report.setupError);
  const suites = GROUPS.map((group) => report.results.filter((result) => result.group === group))
    .filter((results) => results.length > 0)
    .map((results) => {
      const open = element('testsuite', {
        name: results[0]?.group ?? '',
        tests: results.length,
        failures: results.filter((result) => result.status === 'fail').length,
        errors: 0,
        skipped: results.filter((result) => result.status === 'skip' || result.status === 'not-verified' || result.status === 'blocked').length,
        time: seconds(results.reduce((total, result) => total + result.durationMs, 0)),
      });
      return [`  ${open}>`, ...properties(report), ...results.map(testCase), '  </testsuite>'].join('\n');
    });
  const open = element('testsuites', {
    name: 'survey-mcp conformance',
    tests: report.results.length,
    failures: report.counts.fail,
    errors: 0,
    skipped: report.counts.skip + report.counts['not-verified'] + report.counts.blocked,
    time: seconds(report.durationMs),
    timestamp: report.startedAt,
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', `${open}>`, ...suites, '</testsuites>', ''].join('\n');
}

/** One suite and one case named setup, in error: CI shows a broken job, not a broken deployment. */
function renderSetupError(report: Report, message: string): string {
  const counts = { tests: 1, failures: 0, errors: 1, skipped: 0, time: seconds(report.durationMs) };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `${element('testsuites', { name: 'survey-mcp conformance', ...counts, timestamp: report.startedAt })}>`,
    `  ${element('testsuite', { name: 'setup', ...counts })}>`,
    `    ${element('testcase', { name: 'setup', classname: 'conformance.setup', time: counts.time })}>`,
    `      ${element('error', { message, type: 'setup error' })}>${escape(`no check was run: ${message}`)}</error>`,
    '    </testcase>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** What holds for the whole run, in each suite: JUnit has no run-level properties. */
function properties(report: Report): string[] {
  if (report.eras === undefined) return [];
  return ['    <properties>', `      ${element('property', { name: 'eras offered', value: report.eras })}/>`, '    </properties>'];
}

function testCase(result: CheckResult): string {
  const open = `    ${element('testcase', {
    name: `${result.id}: ${result.title}`,
    classname: `conformance.${result.group}`,
    time: seconds(result.durationMs),
  })}`;
  const about = `${result.level}, ${result.spec}`;
  const inner = (xml: string): string => `${open}>\n      ${xml}\n    </testcase>`;
  switch (result.status) {
    case 'pass':
      return `${open}/>`;
    case 'skip':
    case 'blocked':
      // JUnit has no "blocked": a skip that names its root cause, so CI counts only the root as failed.
      return inner(`${element('skipped', { message: result.message })}/>`);
    case 'not-verified':
      // Nor "not verified": a skip whose message says so, apart from skips by rule.
      return inner(`${element('skipped', { message: `NOT VERIFIED: ${result.message}` })}/>`);
    case 'warn':
      return inner(`<system-out>${escape(`WARNING (${about}): ${result.message}\n${evidenceText(result)}`)}</system-out>`);
    case 'fail':
      return inner(`${element('failure', { message: result.message, type: about })}>${escape(evidenceText(result))}</failure>`);
  }
}

/** An opening tag without its closing `>` or `/>`. */
function element(name: string, attributes: Readonly<Record<string, string | number>>): string {
  const rendered = Object.entries(attributes).map(([key, value]) => `${key}="${escape(String(value))}"`);
  return `<${name} ${rendered.join(' ')}`;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function evidenceText(result: CheckResult): string {
  const omitted = result.omittedEvidence > 0 ? [`(${result.omittedEvidence} exchanges omitted)`] : [];
  return [...omitted, ...result.evidence.flatMap((evidence) => evidenceLines(evidence, BODY_SHOWN))].join('\n');
}

// XML 1.0 cannot carry most control characters, even escaped.
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function escape(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
