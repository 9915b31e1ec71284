import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../conformance/catalog.js';
import { eraOf } from '../../conformance/check.js';
import { INVARIANTS } from '../../conformance/invariants/catalog.js';
import { renderUncoveredBranches } from '../../conformance/reporters/branches.js';
import { renderSourceTable } from '../../conformance/reporters/requirements.js';
import { traceProblems } from '../../conformance/requirements/audit.js';
import { renderRequirementTrace } from '../../conformance/reporters/requirements.js';
import type { Check } from '../../conformance/check.js';
import { countBySource, REQUIREMENTS } from '../../conformance/requirements/manifest.js';
import { NOT_APPLICABLE } from '../../conformance/tables/index.js';
import {
  branch,
  inEra,
  isProven,
  missing,
  missingEra,
  requirementsFrom,
  statusOf,
  type Requirement,
} from '../../conformance/requirements/requirement.js';

const { must } = requirementsFrom('contract', 'any');
const { must: must2025 } = requirementsFrom('contract', '2025-11-25');
const catalog = [
  { id: 'a', era: 'any' },
  { id: 'old', era: '2025-11-25' },
  { id: 'new', era: '2026-07-28' },
] as const;

describe('the requirements manifest', () => {
  test('traces every branch of every requirement to catalog checks or invariants of its era, or says what is missing, and every check and invariant to a requirement', () => {
    const audited = [
      ...CATALOG.map((check) => ({ id: check.id, era: eraOf(check), ...(check.rules && { rules: check.rules }), ...(check.variant && { variant: check.variant }) })),
      ...INVARIANTS.map(({ id, era }) => ({ id, era })),
    ];
    expect(traceProblems(REQUIREMENTS, audited, NOT_APPLICABLE)).toEqual([]);
  });

  test('every requirement has an id, a section, a level and a rule', () => {
    for (const requirement of REQUIREMENTS) {
      expect(requirement.id, requirement.id).toMatch(/^[a-z0-9][a-z0-9.-]*$/);
      expect(requirement.section, requirement.id).toMatch(/\S/);
      expect(['MUST', 'SHOULD', 'MAY'], requirement.id).toContain(requirement.level);
      expect(requirement.rule, requirement.id).toMatch(/\S/);
    }
  });

  test('a requirement with neither checks nor a reason is reported', () => {
    const bare = { id: 'bare', source: 'contract', section: '1', level: 'MUST', rule: 'r', era: 'any', branches: [] } as unknown as Requirement;
    const blank = must('blank', '1', 'r', { unobservable: ' ' });
    expect(traceProblems([bare, blank, must('ok', '1', 'r', ['a'])], catalog)).toEqual([
      'bare names no check and gives no reason',
      'blank names no check and gives no reason',
      'check old proves no requirement',
      'check new proves no requirement',
    ]);
  });

  test('a branch that names a check not in the catalog is reported', () => {
    const problems = traceProblems([must('typo', '1', 'r', ['a', 'nope']), must('both', '1', 'r', [inEra('2025-11-25', 'old'), inEra('2026-07-28', 'new')])], catalog);
    expect(problems).toEqual(['typo, branch "the rule" names check nope, which is not in the catalog']);
  });

  test('a catalog check that proves no requirement is reported', () => {
    expect(traceProblems([must('r', '1', 'r', ['a', 'old'])], catalog)).toEqual(['check new proves no requirement']);
  });

  test("a branch whose check runs in another era than the branch's is reported", () => {
    const problems = traceProblems(
      [must('swapped', '1', 'r', [inEra('2025-11-25', 'new'), inEra('2026-07-28', 'old')]), must2025('own-era', '1', 'r', ['new', 'old', 'a'])],
      catalog,
    );
    expect(problems).toEqual([
      'swapped, branch "2025-11-25 era" is in the 2025-11-25 era, but check new runs in 2026-07-28',
      'swapped, branch "2026-07-28 era" is in the 2026-07-28 era, but check old runs in 2025-11-25',
      'own-era, branch "the rule" is in the 2025-11-25 era, but check new runs in 2026-07-28',
    ]);
  });

  test('a rule of every era proven by checks of one era only is reported: each era is a branch', () => {
    const problems = traceProblems([must('one-era', '1', 'r', ['old']), must('split', '1', 'r', [branch('x', 'a', 'new')])], catalog);
    expect(problems).toEqual(['one-era, branch "the rule" binds every era, but its checks run only in 2025-11-25: list each era as a branch']);
  });

  test('a branch without a check makes the requirement partial, not proven, and must say what is missing', () => {
    const partial = must('p', '1', 'r', [branch('code grant', 'a'), missing('refresh grant', 'no check refreshes with a bad scope')]);
    const silent = must('s', '1', 'r', [inEra('2025-11-25', 'old'), missingEra('2026-07-28', ' ')]);
    expect(isProven(partial)).toBe(false);
    expect([partial, silent, must('ok', '1', 'r', ['a', 'new'])].map(statusOf)).toEqual(['partial', 'partial', 'proven']);
    expect(traceProblems([partial, silent, must('ok', '1', 'r', ['a'])], catalog)).toEqual([
      's, branch "2026-07-28 era" has no check and does not say what is missing',
      'check new proves no requirement',
    ]);
  });

  test('a rule bound to the client axis wants each client kind taken by a check or case, n/a in a table, or written as missing', () => {
    const bound = (id: string, branches: Parameters<typeof must>[3]) => must(id, '1', 'r', branches, ['client']);
    const cases = [
      { id: 'a', era: 'any' as const },
      { id: 'c1', era: 'any' as const, rules: ['every-kind'], variant: { client: 'cimd-public' as const } },
      { id: 'c2', era: 'any' as const, rules: ['every-kind'], variant: { client: 'cimd-jwt' as const } },
      { id: 'c3', era: 'any' as const, rules: ['public-only'], variant: { client: 'cimd-public' as const } },
    ];
    const problems = traceProblems(
      [
        bound('every-kind', ['a']),
        bound('public-only', ['a']),
        bound('one-kind', ['a']),
        bound('written', [branch('x', 'a'), branch('client: cimd-public', 'a'), missing('client: cimd-jwt', 'no case yet')]),
        must('typo', '1', 'r', ['a']),
      ],
      [...cases, { id: 'c4', era: 'any', rules: ['no-such-rule'] }],
      [{ rules: ['public-only'], variant: { client: 'cimd-jwt' } }],
    );
    expect(problems).toEqual([
      'case c4 proves no-such-rule, which is not in the manifest',
      "one-kind binds client, but no check or case proving it takes client: cimd-public: add one, or write missing('client: cimd-public', …)",
      "one-kind binds client, but no check or case proving it takes client: cimd-jwt: add one, or write missing('client: cimd-jwt', …)",
    ]);
  });

  test('a rule bound to the token and grant axes wants each token kind and grant taken, whatever the client kind', () => {
    const cases = [
      { id: 'r1', era: 'any' as const, rules: ['each-token'], variant: { client: 'dcr-public' as const, token: 'access' as const } },
      { id: 'r2', era: 'any' as const, rules: ['each-token'], variant: { client: 'cimd-jwt' as const, token: 'refresh' as const } },
      { id: 'r3', era: 'any' as const, rules: ['access-only'], variant: { client: 'dcr-public' as const, token: 'access' as const } },
      // A hand-written check runs on the code grant (the baseline): only a case takes the refresh grant.
      { id: 'h', era: 'any' as const },
    ];
    const problems = traceProblems(
      [must('each-token', '1', 'r', ['r1'], ['token']), must('access-only', '1', 'r', ['r3'], ['token']), must('each-grant', '1', 'r', ['h'], ['grant'])],
      cases,
      [{ rules: ['access-only'], variant: { client: 'dcr-public', token: 'refresh' } }],
    );
    expect(problems).toEqual([
      "each-grant binds grant, but no check or case proving it takes grant: refresh: add one, or write missing('grant: refresh', …)",
    ]);
  });

  test('--list --requirements shows each derived branch with how many checks and cases take it, n/a or missing', () => {
    const catalogOf = [
      { id: 'c1', group: 'revocation', rules: ['bound'], variant: { client: 'dcr-public', token: 'access' } },
      { id: 'c2', group: 'revocation', rules: ['bound'], variant: { client: 'dcr-public', token: 'refresh' } },
    ] as unknown as Check[];
    const trace = renderRequirementTrace([must('bound', '1', 'r', ['c1'], ['client', 'token'])], catalogOf, [], [{ rules: ['bound'], variant: { client: 'cimd-jwt' } }]);
    expect(trace).toContain('derived branches (client × token): client: dcr-public 2; client: cimd-public MISSING; client: cimd-jwt n/a; token: access 1; token: refresh 1');
  });

  test('a branch is listed once per requirement', () => {
    expect(traceProblems([must('twice', '1', 'r', [branch('x', 'a'), branch('x', 'a', 'old'), branch('y', 'a', 'new')])], catalog)).toEqual([
      'twice lists branch "x" twice',
    ]);
  });

  test('the page of uncovered branches lists each partial requirement with what is missing, and no proven one', () => {
    const page = renderUncoveredBranches([
      must('covered', '1', 'a proven rule', ['a']),
      must('half', '2', 'a partial rule', [branch('code grant', 'a'), missing('refresh grant', 'no check refreshes')]),
      must('hidden', '3', 'a rule no one can see', { unobservable: 'why' }),
    ]);
    expect(page).toContain('| contract | 3 | 1 | 1 | 1 |\n\n1 branches of 1 requirements have no check yet:');
    expect(page).toContain('### contract\n\n- **half** (MUST, § 2): a partial rule\n  - code grant: a\n  - refresh grant: **no check** — no check refreshes\n');
    expect(page).not.toMatch(/covered|hidden/);
  });

  test('docs/requirements.md gives the counts per source that the manifest has', () => {
    const readme = readFileSync(new URL('../../docs/requirements.md', import.meta.url), 'utf8').split('\n');
    const start = readme.indexOf('| source | requirements | proven | partial | not observable |');
    const end = readme.findIndex((line, index) => index > start && !line.startsWith('|'));
    expect(readme.slice(start, end).join('\n')).toBe(renderSourceTable(REQUIREMENTS));
  });

  test('docs/requirements-branches.md lists the uncovered branches the manifest has (regenerate: node scripts/requirements-branches.mjs)', () => {
    const page = readFileSync(new URL('../../docs/requirements-branches.md', import.meta.url), 'utf8');
    expect(page.slice(page.indexOf('<!-- generated -->'))).toBe(renderUncoveredBranches(REQUIREMENTS));
  });

  test('counts per source add up: each requirement is proven, partial or not observable, once', () => {
    const rows = countBySource(REQUIREMENTS);
    for (const row of rows) expect(row.proven + row.partial + row.unobservable, row.source).toBe(row.requirements);
    expect(rows.reduce((total, row) => total + row.requirements, 0)).toBe(REQUIREMENTS.length);
    const partial = must('c', '1', 'r', [branch('x', 'a'), missing('y', 'none')]);
    expect(countBySource([must('a', '1', 'r', ['x']), must('b', '1', 'r', { unobservable: 'why' }), partial])).toEqual([
      { source: 'contract', requirements: 3, proven: 1, partial: 1, unobservable: 1 },
    ]);
  });
});
