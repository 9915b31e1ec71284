/**
 * What a team's CI reads of a run: SARIF for code scanning, GitHub annotations and the job
 * summary, a baseline that tells new failures from known ones, and a JSON report held to the
 * schema the package ships.
 */
import { describe, expect, it } from 'vitest';
import { compareWithBaseline, deciding, parseBaseline } from '../../conformance/baseline.js';
import { reportHeader, setupErrorReport, type EndpointCounts, type Report } from '../../conformance/report.js';
import { renderAnnotations, renderStepSummary } from '../../conformance/reporters/github.js';
import { renderJson } from '../../conformance/reporters/json.js';
import { renderSarif, sarifAnchor } from '../../conformance/reporters/sarif.js';
import { reportSchemaErrors, sarifSchemaErrors } from '../helpers/report-schemas.js';
import { result } from './result-fixture.js';

const evidence = {
  request: 'POST http://127.0.0.1:8787/',
  requestHeaders: { accept: 'application/json' },
  status: 401,
  responseHeaders: { 'content-type': 'application/json' },
  responseBody: '{"error":"unauthorized"}',
};

const report: Report = {
  ...reportHeader(),
  target: 'http://127.0.0.1:8787',
  startedAt: '2026-12-01T06:00:00.000Z',
  durationMs: 71_000,
  counts: { pass: 1, fail: 2, warn: 1, skip: 1, 'not-verified': 1, blocked: 1 },
  results: [
    result({ id: 'issuer-matches-base-url', group: 'discovery', title: 'The issuer is the base URL' }),
    result({ status: 'fail', message: 'initialize without a token: the 401 has no WWW-Authenticate header', evidence: [evidence] }),
    result({ id: 'invalid-token-401', status: 'fail', message: 'a token never issued: the 401 has no WWW-Authenticate header, 100% sure\nreally' }),
    result({ id: 'tools-list', status: 'blocked', blockedBy: 'invalid-token-401', message: 'blocked by invalid-token-401: it needs a token the MCP endpoint accepts, which failed there' }),
    result({ id: 'iss-returned', group: 'authorization', level: 'SHOULD', status: 'warn', message: 'no iss in the redirect' }),
    result({ id: 'modern-discover', group: 'modern-mcp', status: 'skip', message: 'the deployment does not offer 2026-07-28' }),
    result({ id: 'foreign-token-403', status: 'not-verified', message: 'pass --foreign-token with a valid token of another service' }),
  ],
};

describe('SARIF', () => {
  const sarif = renderSarif(report, { anchor: '.github/workflows/conformance.yml' });
  const log = JSON.parse(sarif);

  it('is valid SARIF 2.1.0, and a run that could not start is too', () => {
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    expect(sarifSchemaErrors(renderSarif(setupErrorReport('http://x.example', new Date(), 'cannot reach it'), { anchor: 'x' }))).toEqual([]);
    expect(log).toMatchObject({ version: '2.1.0', $schema: 'https://json.schemastore.org/sarif-2.1.0.json' });
    expect(sarifSchemaErrors(JSON.stringify({ version: '2.1.0', runs: [{ results: [] }] })).join('\n')).toMatch(/tool/);
  });

  it('has a rule per check run, with its title, the rule it proves and help into the docs', () => {
    const { driver } = log.runs[0].tool;
    expect(driver).toMatchObject({ name: 'survey-mcp conformance', version: report.tool.version });
    expect(driver.rules.map((rule: { id: string }) => rule.id)).toEqual(report.results.map((each) => each.id));
    expect(driver.rules[4]).toMatchObject({
      id: 'iss-returned',
      shortDescription: { text: 'A request without a token gets 401' },
      fullDescription: { text: 'A request without a token gets 401 (SHOULD, section 5.4)' },
      defaultConfiguration: { level: 'warning' },
    });
    expect(driver.rules[4].help.markdown).toContain('docs/runner-checks.md');
  });

  it('has a result per failure (error) and warning (warning), naming the rule and the evidence, anchored in the repository', () => {
    const results = log.runs[0].results;
    expect(results.map((each: { ruleId: string; level: string }) => [each.ruleId, each.level])).toEqual([
      ['missing-token-401', 'error'],
      ['invalid-token-401', 'error'],
      ['iss-returned', 'warning'],
    ]);
    expect(results[0].message.text).toBe(
      'missing-token-401 (MUST, section 5.4): initialize without a token: the 401 has no WWW-Authenticate header. Last exchange: POST http://127.0.0.1:8787/ answered HTTP 401.',
    );
    expect(results[0].locations[0]).toEqual({
      physicalLocation: { artifactLocation: { uri: '.github/workflows/conformance.yml' }, region: { startLine: 1 } },
      logicalLocations: [{ fullyQualifiedName: 'http://127.0.0.1:8787', kind: 'resource' }],
    });
    expect(results[1].ruleIndex).toBe(2);
  });

  it('anchors at the GitHub Actions workflow file by default, else the deployment', () => {
    const env = { GITHUB_WORKFLOW_REF: 'octo/surveys/.github/workflows/nightly.yml@refs/heads/main' };
    expect(sarifAnchor(undefined, env, 'https://staging.example')).toBe('.github/workflows/nightly.yml');
    expect(sarifAnchor('deploy/staging.tf', env, 'https://staging.example')).toBe('deploy/staging.tf');
    expect(sarifAnchor(undefined, {}, 'https://staging.example')).toBe('https://staging.example');
  });
});

describe('GitHub Actions', () => {
  it('annotates each failure as an error and each warning as a warning, escaped as workflow commands', () => {
    expect(renderAnnotations(report).split('\n')).toEqual([
      '::error title=missing-token-401::initialize without a token: the 401 has no WWW-Authenticate header (MUST, section 5.4)',
      '::error title=invalid-token-401::a token never issued: the 401 has no WWW-Authenticate header, 100%25 sure%0Areally (MUST, section 5.4)',
      '::warning title=iss-returned::no iss in the redirect (SHOULD, section 5.4)',
      '',
    ]);
  });

  it('writes a job summary: the counts, the causes and the failures', () => {
    const summary = renderStepSummary(report);
    expect(summary).toContain('| 1 | 2 | 1 | 1 | 1 | 1 |');
    expect(summary).toContain('| ❌ the WWW-Authenticate header | `missing-token-401`, `invalid-token-401` | 1 |');
    expect(summary).toContain('| `iss-returned` | SHOULD (warning) |  | no iss in the redirect |');
  });
});

describe('a baseline', () => {
  const earlier: Report = {
    ...report,
    startedAt: '2026-11-20T06:00:00.000Z',
    results: [
      result({ status: 'fail', message: 'the 401 has no WWW-Authenticate header', knownSince: '2026-10-01T06:00:00.000Z' }),
      result({ id: 'invalid-token-401', status: 'fail', message: 'the 401 has no WWW-Authenticate header' }),
      result({ id: 'issuer-matches-base-url', group: 'discovery', status: 'fail', message: 'issuer differs' }),
    ],
  };
  const now = new Date('2026-12-01T07:00:00.000Z');
  const compared = compareWithBaseline(report, parseBaseline(renderJson(earlier), 'base.json'), { file: 'base.json', maxAgeDays: 30, now });

  it('tells new failures from known ones, known too long from still known, and names the fixed', () => {
    expect(compared.baseline).toEqual({
      file: 'base.json',
      startedAt: '2026-11-20T06:00:00.000Z',
      new: ['iss-returned'],
      known: ['invalid-token-401'],
      expired: ['missing-token-401'],
      fixed: ['issuer-matches-base-url'],
    });
    expect(compared.results.find((each) => each.id === 'invalid-token-401')).toMatchObject({ baseline: 'known', knownSince: '2026-11-20T06:00:00.000Z' });
  });

  it('fails the run for new and expired failures only', () => {
    expect(deciding(compared).map((each) => each.id)).toEqual(['missing-token-401']);
    const allKnown = compareWithBaseline(report, parseBaseline(renderJson(earlier), 'base.json'), { file: 'base.json', maxAgeDays: 90, now });
    expect(deciding(allKnown)).toEqual([]);
    expect(deciding(report).map((each) => each.id)).toEqual(['missing-token-401', 'invalid-token-401']);
  });

  it('hands the first date on, so that a known failure expires however often the baseline is renewed', () => {
    const next = compareWithBaseline(report, parseBaseline(renderJson(compared), 'base.json'), { file: 'base.json', maxAgeDays: 30, now });
    expect(next.results.find((each) => each.id === 'invalid-token-401')?.knownSince).toBe('2026-11-20T06:00:00.000Z');
  });

  it('shows known failures as warnings in the annotations, not errors', () => {
    expect(renderAnnotations(compared)).toContain('::warning title=invalid-token-401::');
    expect(renderAnnotations(compared)).toContain('(known failure since 2026-11-20)');
  });

  it('refuses a file that is not a report, naming what is wrong', () => {
    expect(() => parseBaseline('{', 'b.json')).toThrow(/^--baseline b.json is not JSON/);
    expect(() => parseBaseline('{"checks":[]}', 'b.json')).toThrow('--baseline b.json is not a conformance report: it has no "results" list or "startedAt"');
    expect(() => parseBaseline('{"schemaVersion":2,"startedAt":"x","results":[]}', 'b.json')).toThrow('schema version 2; this runner reads version 1');
    expect(() => parseBaseline('{"startedAt":"x","results":[{"id":"a"}]}', 'b.json')).toThrow('results[0] has no "id" or "status"');
  });
});

describe('the JSON report schema', () => {
  it('accepts the reports the runner writes, with a baseline and after a setup error', () => {
    expect(reportSchemaErrors(renderJson(report))).toEqual([]);
    expect(reportSchemaErrors(renderJson(setupErrorReport('http://x.example', new Date(), 'cannot reach it')))).toEqual([]);
  });

  it('accepts the counts of the generated cases and of the invariants, and refuses an endpoint without them', () => {
    const variants: EndpointCounts[] = [{ endpoint: 'token', binds: ['client', 'grant'], variants: 6, generated: 42, selected: 42, run: 28, notRun: 14, notApplicable: 36 }];
    const invariant = result({ id: 'token-answers-no-store', group: 'invariants', kind: 'invariant', exchangesJudged: 40, exchangesJudgedByHost: { auth: 40 } });
    const counted = { ...report, variants, invariants: { exchanges: 300, invariants: 1, findings: 0, judgements: 40, results: [invariant] } };
    expect(reportSchemaErrors(renderJson(counted))).toEqual([]);
    expect(reportSchemaErrors({ ...counted, variants: [{ endpoint: 'token', binds: ['client'] }] })).toContain("/variants/0 must have required property 'variants'");
    expect(reportSchemaErrors({ ...counted, variants: [{ ...variants[0], binds: ['colour'] }] })).not.toEqual([]);
  });

  it('refuses a report without its version, with an unknown status, or a blocked check naming no root', () => {
    const { schemaVersion: _, ...unversioned } = report;
    expect(reportSchemaErrors(unversioned)).toContain("/ must have required property 'schemaVersion'");
    expect(reportSchemaErrors({ ...report, results: [result({ status: 'maybe' as never })] })).not.toEqual([]);
    expect(reportSchemaErrors({ ...report, results: [result({ status: 'blocked' })] })).toContain("/results/0 must have required property 'blockedBy'");
  });
});
