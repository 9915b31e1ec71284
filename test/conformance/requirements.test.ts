import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../conformance/catalog.js';
import { renderSourceTable } from '../../conformance/reporters/requirements.js';
import { countBySource, REQUIREMENTS } from '../../conformance/requirements/manifest.js';
import { isProven, type Requirement } from '../../conformance/requirements/requirement.js';

/** What is wrong with a manifest against a catalog, one sentence per problem. */
function traceProblems(requirements: readonly Requirement[], catalogIds: readonly string[]): string[] {
  const known = new Set(catalogIds);
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const requirement of requirements) {
    if (seen.has(requirement.id)) problems.push(`${requirement.id} is listed twice`);
    seen.add(requirement.id);
    if (isProven(requirement)) {
      if (requirement.checks.length === 0) problems.push(`${requirement.id} names no check and gives no reason`);
      for (const id of requirement.checks.filter((check) => !known.has(check))) {
        problems.push(`${requirement.id} names check ${id}, which is not in the catalog`);
      }
    } else if (!/\S/.test(requirement.unobservable)) {
      problems.push(`${requirement.id} names no check and gives no reason`);
    }
  }
  const proving = new Set(requirements.flatMap((requirement) => (isProven(requirement) ? requirement.checks : [])));
  for (const id of catalogIds.filter((check) => !proving.has(check))) problems.push(`check ${id} proves no requirement`);
  return problems;
}

const base = { source: 'contract', section: '1', level: 'MUST', rule: 'a rule', era: 'any' } as const;

describe('the requirements manifest', () => {
  test('traces every requirement to catalog checks or a reason, and every check to a requirement', () => {
    expect(traceProblems(REQUIREMENTS, CATALOG.map((check) => check.id))).toEqual([]);
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
    const bare = { ...base, id: 'bare', checks: [] } as unknown as Requirement;
    const blank = { ...base, id: 'blank', unobservable: ' ' };
    expect(traceProblems([bare, blank, { ...base, id: 'ok', checks: ['a'] }], ['a'])).toEqual([
      'bare names no check and gives no reason',
      'blank names no check and gives no reason',
    ]);
  });

  test('a check id that is not in the catalog is reported', () => {
    expect(traceProblems([{ ...base, id: 'typo', checks: ['a', 'nope'] }], ['a'])).toEqual([
      'typo names check nope, which is not in the catalog',
    ]);
  });

  test('a catalog check that proves no requirement is reported', () => {
    expect(traceProblems([{ ...base, id: 'r', checks: ['a'] }], ['a', 'orphan'])).toEqual(['check orphan proves no requirement']);
  });

  test('docs/requirements.md gives the counts per source that the manifest has', () => {
    const readme = readFileSync(new URL('../../docs/requirements.md', import.meta.url), 'utf8').split('\n');
    const start = readme.indexOf('| source | requirements | proven | not observable |');
    const end = readme.findIndex((line, index) => index > start && !line.startsWith('|'));
    expect(readme.slice(start, end).join('\n')).toBe(renderSourceTable(REQUIREMENTS));
  });

  test('counts per source add up: each requirement is proven or not observable, once', () => {
    const rows = countBySource(REQUIREMENTS);
    for (const row of rows) expect(row.proven + row.unobservable, row.source).toBe(row.requirements);
    expect(rows.reduce((total, row) => total + row.requirements, 0)).toBe(REQUIREMENTS.length);
    expect(countBySource([{ ...base, id: 'a', checks: ['x'] }, { ...base, id: 'b', unobservable: 'why' }])).toEqual([
      { source: 'contract', requirements: 2, proven: 1, unobservable: 1 },
    ]);
  });
});
