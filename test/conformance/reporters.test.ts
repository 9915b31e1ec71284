import { describe, expect, test } from 'vitest';
import type { Exchange } from '../../conformance/http.js';
import { evidenceOf, reportHeader, setupErrorReport, type Report } from '../../conformance/report.js';
import { renderConsole, shouldUseColor } from '../../conformance/reporters/console.js';
import { renderHtml } from '../../conformance/reporters/html.js';
import { renderJson } from '../../conformance/reporters/json.js';
import { renderJunit } from '../../conformance/reporters/junit.js';
import { result } from './result-fixture.js';

const ANSI = /\x1b\[/;

function exchange(overrides: Partial<Exchange['request']> = {}, response: Partial<Exchange['response']> = {}): Exchange {
  return {
    request: { method: 'POST', url: 'http://127.0.0.1:8787/', headers: {}, ...overrides },
    response: { status: 401, headers: { 'content-type': 'application/json' }, setCookie: [], body: '{"error":"unauthorized"}', ...response },
    startedAt: 0,
    durationMs: 3,
  };
}

const report: Report = {
  ...reportHeader(),
  target: 'http://127.0.0.1:8787',
  startedAt: '2025-01-01T00:00:00.000Z',
  durationMs: 1500,
  counts: { pass: 1, fail: 1, warn: 1, skip: 1, 'not-verified': 0, blocked: 0 },
  results: [
    result({ id: 'issuer-matches-base-url', group: 'discovery', message: 'issuer ok' }),
    result({
      status: 'fail',
      message: 'the 401 has no WWW-Authenticate header',
      evidence: evidenceOf([exchange()]).evidence,
    }),
    result({ id: 'iss-returned', group: 'authorization', level: 'SHOULD', status: 'warn', message: 'no iss <&"> here' }),
    result({ id: 'foreign-token-403', status: 'skip', message: 'pass --foreign-token' }),
  ],
};

describe('the console report', () => {
  test('without colour it is plain text, grouped, with the evidence of a failure', () => {
    const text = renderConsole(report, { color: false });
    expect(text).not.toMatch(ANSI);
    expect(text).toContain('  FAIL  missing-token-401');
    expect(text).toContain('the 401 has no WWW-Authenticate header (MUST, section 5.4)');
    expect(text).toContain('> POST http://127.0.0.1:8787/');
    expect(text).toContain('< HTTP 401  content-type: application/json');
    expect(text).toContain('  SKIP  foreign-token-403');
    expect(text.indexOf('discovery')).toBeLessThan(text.indexOf('authorization'));
    expect(text.trimEnd().split('\n').at(-1)).toBe('4 checks in 1.5 s: 1 passed, 1 failed, 1 warning, 1 skipped');
  });

  test('with colour it uses ANSI escapes', () => {
    expect(renderConsole(report, { color: true })).toMatch(ANSI);
  });

  test('colour is for terminals only, and NO_COLOR turns it off', () => {
    expect(shouldUseColor({ isTTY: true }, {})).toBe(true);
    expect(shouldUseColor({ isTTY: false }, {})).toBe(false);
    expect(shouldUseColor({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(shouldUseColor({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
  });
});

describe('the JSON and JUnit reports', () => {
  test('the JSON report is the whole report', () => {
    expect(JSON.parse(renderJson(report))).toEqual(report);
  });

  test('JUnit has a suite per group, failures and skips counted, text escaped', () => {
    const xml = renderJunit(report);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="survey-mcp conformance" tests="4" failures="1" errors="0" skipped="1"/);
    expect(xml).toContain('<testsuite name="mcp" tests="2" failures="1" errors="0" skipped="1"');
    expect(xml).toContain('<failure message="the 401 has no WWW-Authenticate header" type="MUST, section 5.4">');
    expect(xml).toContain('<skipped message="pass --foreign-token"/>');
    expect(xml).toContain('WARNING (SHOULD, section 5.4): no iss &lt;&amp;&quot;&gt; here');
    expect(xml).not.toContain('<&"');
  });
});

describe('a run that could not start', () => {
  const setup = setupErrorReport(
    'http://127.0.0.1:8787',
    new Date(),
    'the deployment refused the sign-in of alice@example.com (the sign-in form came back): check --user and --password',
  );

  test('the JSON report has no results and the setup error in their place', () => {
    expect(JSON.parse(renderJson(setup))).toMatchObject({
      target: 'http://127.0.0.1:8787',
      counts: { pass: 0, fail: 0, warn: 0, skip: 0 },
      results: [],
      setupError: setup.setupError,
    });
  });

  test('JUnit shows one suite and one case named setup, in error rather than failed', () => {
    const xml = renderJunit(setup);
    expect(xml).toMatch(/<testsuites name="survey-mcp conformance" tests="1" failures="0" errors="1" skipped="0" /);
    expect(xml).toMatch(/<testsuite name="setup" tests="1" failures="0" errors="1" skipped="0" time="\d+\.\d{3}">/);
    expect(xml).toContain('<testcase name="setup" classname="conformance.setup"');
    expect(xml).toContain(`<error message="${setup.setupError}" type="setup error">no check was run: ${setup.setupError}</error>`);
    expect(xml).not.toContain('<failure');
  });

  test('the HTML report says no check was run, and why', () => {
    const page = renderHtml(setup);
    expect(page).toContain('<p class="verdict fail">setup error: no check was run</p>');
    expect(page).toContain(`<p class="message setup-error">${setup.setupError}</p>`);
  });
});

describe('the HTML report', () => {
  const hostile = '<script>alert(1)</script><img src=x onerror="alert(2)">';
  const attacked: Report = {
    ...report,
    target: 'http://127.0.0.1:8787/"><script>',
    results: report.results.map((result) =>
      result.status === 'fail'
        ? { ...result, message: `got ${hostile}`, evidence: evidenceOf([exchange({ body: hostile }, { body: hostile, headers: { 'x-evil': hostile } })]).evidence }
        : result,
    ),
  };

  test('is one page with no scripts or external assets, and a policy that forbids both', () => {
    const page = renderHtml(report);
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
    expect(page).not.toMatch(/<script|<link|src=|url\(/i);
  });

  test('says who was checked, when, how long, and the verdict', () => {
    const page = renderHtml(report);
    expect(page).toContain('<title>1 of 4 checks failed: conformance of http://127.0.0.1:8787</title>');
    expect(page).toContain('<time datetime="2025-01-01T00:00:00.000Z">2025-01-01 00:00:00 UTC</time>');
    expect(page).toContain('<dt>Duration</dt><dd>1.5 s</dd>');
  });

  test('draws a bar per group with a segment per status, sized by its share', () => {
    const page = renderHtml(report);
    expect(page).toContain('<a href="#group-mcp">mcp</a>');
    expect(page).toMatch(/<span class="segment fail" style="width:50.00%" title="1 failed">1<\/span>/);
    expect(page).toMatch(/<span class="segment pass" style="width:100.00%" title="1 passed">1<\/span>/);
  });

  test('opens failures and warnings with their evidence, and folds passes and skips', () => {
    const page = renderHtml(report);
    expect(page).toContain('<details class="check fail" id="check-missing-token-401" open>');
    expect(page).toContain('<details class="check warn" id="check-iss-returned" open>');
    expect(page).toContain('<details class="check pass" id="check-issuer-matches-base-url">');
    expect(page).toContain('<details class="check skip" id="check-foreign-token-403">');
    expect(page).toContain('<span class="about">MUST · section 5.4 · 12 ms</span>');
    expect(page).toContain('<b class="http http-4xx">HTTP 401</b>');
    expect(page).toContain('<pre class="body">{\n  &quot;error&quot;: &quot;unauthorized&quot;\n}</pre>');
  });

  test('escapes whatever the deployment sent, so it shows as text and never runs', () => {
    const page = renderHtml(attacked);
    expect(page).not.toMatch(/<script|<img/i);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
    expect(page).toContain('http://127.0.0.1:8787/&quot;&gt;&lt;script&gt;');
  });
});

describe('evidence', () => {
  test('tokens, passwords and cookies never reach a report', () => {
    const [evidence] = evidenceOf([
      exchange(
        {
          headers: { authorization: 'Bearer at_0123456789abcdefghijklmnop', cookie: 'sid=secret' },
          body: 'grant_type=refresh_token&refresh_token=rt_secret&client_id=c1',
        },
        { status: 200, body: '{"access_token":"at_secret","refresh_token":"rt_secret","token_type":"Bearer"}', setCookie: [] },
      ),
    ]).evidence;
    const text = JSON.stringify(evidence);
    expect(text).not.toMatch(/secret|0123456789abcdefghijklmnop/);
    expect(evidence?.requestHeaders['authorization']).toBe('Bearer at_012… (29 characters)');
    expect(evidence?.requestBody).toBe('grant_type=refresh_token&refresh_token=[redacted]&client_id=c1');
  });

  test('a long run keeps its first and last exchanges and counts the rest', () => {
    const { evidence, omitted } = evidenceOf(Array.from({ length: 50 }, (_, i) => exchange({ url: `http://x/${i}` })));
    expect(evidence).toHaveLength(12);
    expect(omitted).toBe(38);
    expect(evidence[0]?.request).toBe('POST http://x/0');
    expect(evidence.at(-1)?.request).toBe('POST http://x/49');
  });
});

describe('root causes and blocked checks', () => {
  const blockedReport: Report = {
    ...reportHeader(),
    target: 'https://mcp.example',
    startedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 119_600,
    counts: { pass: 1, fail: 1, warn: 0, skip: 2, 'not-verified': 0, blocked: 2 },
    results: [
      result({ id: 'protected-resource-metadata', group: 'discovery', status: 'fail', message: 'resource is http://10.0.0.5:8787' }),
      result({ id: 'issuer-matches-base-url', group: 'discovery', status: 'pass' }),
      result({ id: 'initialize', status: 'blocked', blockedBy: 'protected-resource-metadata', message: 'blocked by protected-resource-metadata: it needs the metadata documents, which failed there' }),
      result({ id: 'tools-list', status: 'blocked', blockedBy: 'protected-resource-metadata', message: 'blocked by protected-resource-metadata: it needs the metadata documents, which failed there' }),
      result({ id: 'modern-a', group: 'modern-mcp', status: 'skip', message: 'the deployment does not offer 2026-07-28' }),
      result({ id: 'modern-b', group: 'modern-mcp', status: 'skip', message: 'the deployment does not offer 2026-07-28' }),
    ],
  };

  test('the console leads with the cause and what it blocks, gives each blocked check its own line, counts skips by reason, and reads 2 min 0 s', () => {
    const text = renderConsole(blockedReport, { color: false });
    const lines = text.split('\n');
    expect(lines.slice(1, 4)).toEqual(['', 'causes (1; fix these first):', '  FAIL  protected-resource-metadata: resource is http://10.0.0.5:8787 (blocks 2 checks)']);
    expect(text).toMatch(/ {2}BLOCKED {2}initialize +A request without a token gets 401\n {8}blocked by protected-resource-metadata: it needs the metadata documents/);
    expect(text).toContain('skipped by rule, by reason\n    2  the deployment does not offer 2026-07-28\n');
    expect(lines.at(-2)).toBe('6 checks in 2 min 0 s: 1 passed, 1 failed, 2 blocked, 0 warnings, 2 skipped');
  });

  test('one check is "1 check"', () => {
    const one: Report = { ...blockedReport, durationMs: 400, counts: { pass: 1, fail: 0, warn: 0, skip: 0, 'not-verified': 0, blocked: 0 }, results: [result({})] };
    expect(renderConsole(one, { color: false }).trimEnd().split('\n').at(-1)).toBe('1 check in 0.4 s: 1 passed, 0 failed, 0 warnings, 0 skipped');
  });

  test('JUnit skips a blocked check with its root cause and fails only the root', () => {
    const xml = renderJunit(blockedReport);
    expect(xml).toContain('failures="1" errors="0" skipped="4"');
    expect(xml).toContain('<skipped message="blocked by protected-resource-metadata: it needs the metadata documents, which failed there"/>');
  });

  test('the HTML verdict counts the blocked, the root says what it blocks, and a blocked check links to its root', () => {
    const page = renderHtml(blockedReport);
    expect(page).toContain('<title>1 of 6 checks failed, 2 blocked by them: conformance of https://mcp.example</title>');
    expect(page).toContain('(root cause: blocks 2 checks)');
    expect(page).toContain('blocked by <a href="#check-protected-resource-metadata">protected-resource-metadata</a>: it needs');
    expect(page).toContain('<dt>Skipped</dt><dd>2: the deployment does not offer 2026-07-28</dd>');
  });
});

describe('invariant results', () => {
  const judged: Report = {
    ...report,
    counts: { pass: 1, fail: 0, warn: 0, skip: 0, 'not-verified': 0, blocked: 0 },
    results: [result({ id: 'issuer-matches-base-url', group: 'discovery', message: 'issuer ok' })],
    invariants: {
      exchanges: 40,
      invariants: 12,
      findings: 1,
      results: [
        result({
          id: 'metadata-served-as-json',
          group: 'invariants',
          kind: 'invariant',
          exchangesJudged: 8,
          title: 'Every metadata document the run reads is served as application/json',
          spec: 'RFC 9728 3.2 (rfc9728-3.2-json)',
          status: 'fail',
          message: 'the metadata endpoint (auth host): served as text/plain (2 exchanges) — 8 of the run\'s 40 exchanges judged',
          evidence: evidenceOf([exchange({ method: 'GET' }, { status: 200, headers: { 'content-type': 'text/plain' } })]).evidence,
        }),
      ],
    },
  };

  test('appear in every format as results of their own, with what they judged', () => {
    const text = renderConsole(judged, { color: false });
    expect(text).toContain('\ninvariants\n  FAIL  metadata-served-as-json');
    expect(renderJunit(judged)).toMatch(/<testsuite name="invariants"[^>]*failures="1"/);
    expect(text).toContain('1 check and 12 invariants over 40 exchanges in 1.5 s: 1 passed, 1 failed');
    const page = renderHtml(judged);
    expect(page).toContain('12 judged over every exchange of the run (40): 1 fault found');
    expect(page).toContain('<title>1 of 12 invariants failed: conformance of http://127.0.0.1:8787</title>');
    const json = JSON.parse(renderJson(judged)) as Report;
    expect(json.invariants).toMatchObject({ exchanges: 40, invariants: 12, findings: 1 });
    expect(json.invariants?.results[0]).toMatchObject({ id: 'metadata-served-as-json', kind: 'invariant', exchangesJudged: 8 });
  });
});

describe('generated cases in every report format', () => {
  const rule = 'rfc7523-3-signature';
  const caseReport: Report = {
    ...report,
    counts: { pass: 1, fail: 1, warn: 0, skip: 1, 'not-verified': 0, blocked: 0 },
    results: [
      result({ id: 'private-key-jwt-wrong-key-refused', group: 'authorization', kind: 'case', rules: [rule] }),
      result({ id: 'token.client_assertion.alg-none@cimd-jwt+code', group: 'authorization', kind: 'case', rules: [rule, 'rfc7523-3.2-invalid-client'], status: 'fail', message: 'accepted' }),
      result({ id: 'token.client_assertion.alg-none@cimd-jwt+refresh', group: 'authorization', kind: 'case', rules: [rule], status: 'skip', message: 'n/a for cimd-jwt+refresh: no key' }),
    ],
  };

  test('the console groups them under each rule they prove, naming the failed ones', () => {
    const text = renderConsole(caseReport, { color: false });
    expect(text).toContain(`cases, by rule\n  ${rule}: 3 cases (1 passed, 1 failed, 1 not judged): token.client_assertion.alg-none@cimd-jwt+code\n  rfc7523-3.2-invalid-client: 1 case (0 passed, 1 failed, 0 not judged)`);
    expect(renderConsole(report, { color: false })).not.toContain('cases, by rule');
  });

  test('HTML, JSON and JUnit carry them as cases of their rule', () => {
    expect(renderHtml(caseReport)).toContain(`<caption>Cases, by rule</caption>`);
    expect(renderHtml(caseReport)).toContain(`<th scope="row">${rule}</th><td>3 cases:`);
    const json = JSON.parse(renderJson(caseReport)) as Report;
    expect(json.results.map((each) => [each.kind, each.rules?.[0]])).toEqual([['case', rule], ['case', rule], ['case', rule]]);
    expect(renderJunit(caseReport)).toContain(`classname="conformance.authorization.${rule}"`);
  });

  test('the console counts them per endpoint, and the invariants\' judgements in its last line', () => {
    const counted: Report = {
      ...caseReport,
      variants: [
        { endpoint: 'authorize', binds: ['client'], variants: 3, generated: 9, selected: 0, run: 0, notRun: 0, notApplicable: 0 },
        { endpoint: 'token', binds: ['client', 'grant'], variants: 6, generated: 42, selected: 42, run: 28, notRun: 14, notApplicable: 36 },
      ],
      invariants: { exchanges: 40, invariants: 12, findings: 0, judgements: 95, results: [] },
    };
    const text = renderConsole(counted, { color: false });
    expect(text).toContain('generated cases, by endpoint (variants × negative inputs)\n  token: 42 cases over 6 variants of client × grant, 28 judged, 14 not run, 36 n/a\n');
    expect(text).not.toContain('  authorize:');
    expect(text).toContain('3 checks and 12 invariants over 40 exchanges (95 judgements) in');
  });
});
