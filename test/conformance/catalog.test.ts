import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../conformance/catalog.js';
import { GROUPS } from '../../conformance/check.js';
import { FAULT_CASES } from './fault-cases.js';

const checksDirectory = fileURLToPath(new URL('../../conformance/checks/', import.meta.url));

describe('the check catalog', () => {
  test('every check id is unique', () => {
    const ids = CATALOG.map((check) => check.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('every check cites a spec section and says MUST or SHOULD', () => {
    for (const check of CATALOG) {
      expect(check.spec, check.id).toMatch(/\S/);
      expect(check.title, check.id).toMatch(/\S/);
      expect(['MUST', 'SHOULD'], check.id).toContain(check.level);
    }
  });

  test('every check lives in a file named by its id under its group; a case is generated from its table instead', () => {
    for (const check of CATALOG.filter((candidate) => candidate.kind !== 'case')) {
      expect(GROUPS, check.id).toContain(check.group);
      expect(existsSync(`${checksDirectory}${check.group}/${check.id}.ts`), check.id).toBe(true);
    }
  });

  test('every check, and every case family (a table cell in any client kind), has a wrong deployment that makes it fail', () => {
    const covered = new Set(FAULT_CASES.map((faultCase) => faultCase.check));
    const familyOf = new Map(CATALOG.map((check) => [check.id, check.family ?? check.id]));
    const coveredFamilies = new Set(FAULT_CASES.map((faultCase) => familyOf.get(faultCase.check)));
    expect(CATALOG.filter((check) => check.kind !== 'case').map((check) => check.id).filter((id) => !covered.has(id))).toEqual([]);
    expect([...new Set(CATALOG.filter((check) => check.kind === 'case').map((check) => check.family))].filter((family) => !coveredFamilies.has(family))).toEqual([]);
    for (const faultCase of FAULT_CASES) {
      expect(CATALOG.find((check) => check.id === faultCase.check)?.group, faultCase.check).toBe(faultCase.group);
    }
  });

  test('the registration limits run last, after every check that registers a client', () => {
    expect(CATALOG.slice(-2).map((check) => check.id)).toEqual(['registration-rate-limit', 'registration-budget-per-address']);
  });
});
