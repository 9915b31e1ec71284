import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../conformance/catalog.js';
import { CASES, NOT_APPLICABLE } from '../../conformance/tables/index.js';
import { renderCaseTables } from '../../conformance/tables/render.js';
import { selectChecks } from '../../conformance/select.js';

/**
 * The default plan's cost in sign-in walks (one per code, one per grant): the tables may grow, but
 * a whole run against our own server must stay well under its three minutes (docs/runner-cases.md).
 * Measured with client kind × grant × token kind crossed: 88 cases, 79 walks, 219 requests, about
 * 1.2 s against survey-mcp serve on a loaded two-core machine.
 */
const WALK_BUDGET = 90;

describe('the cases the parameter tables generate', () => {
  test('each case id is unique in the catalog and names its table, parameter, mutation and variant (or keeps a replaced check id)', () => {
    const ids = CATALOG.map((check) => check.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const generated of CASES) {
      expect(generated.id, generated.family).toMatch(/^[a-z]+\.[a-z_]+\.[a-z-]+@[a-z0-9+-]+$|^[a-z0-9-]+$/);
      expect(generated.id.startsWith(`${generated.family}@`) || !generated.id.includes('@'), generated.id).toBe(true);
      expect(generated.rules.length, generated.id).toBeGreaterThan(0);
    }
  });

  test('every point a client kind does not take is listed with its reason, never dropped', () => {
    const families = new Set(CASES.map((generated) => generated.family));
    for (const point of NOT_APPLICABLE) {
      expect(point.reason, point.id).toMatch(/\S/);
      expect(families.has(point.id.split('@')[0]!), point.id).toBe(true);
    }
    expect(NOT_APPLICABLE.length).toBe(38);
  });

  test('--only takes a family: every client kind of one table cell', () => {
    expect(selectChecks(CATALOG, ['token.client_assertion.replayed']).map((check) => check.id)).toEqual([
      'token.client_assertion.replayed@cimd-jwt+code',
      'private-key-jwt-jti-replay-refused',
    ]);
  });

  test(`the default plan spends at most ${WALK_BUDGET} sign-in walks (a code or a grant each)`, () => {
    const walks = CASES.filter((generated) => generated.needsSignIn).length;
    expect(walks).toBeLessThanOrEqual(WALK_BUDGET);
  });

  test('docs/runner-cases.md lists the tables as they are (regenerate: npm run build && node scripts/runner-cases.mjs)', () => {
    const page = readFileSync(new URL('../../docs/runner-cases.md', import.meta.url), 'utf8');
    expect(page.slice(page.indexOf('<!-- generated -->'))).toBe(renderCaseTables());
  });
});
