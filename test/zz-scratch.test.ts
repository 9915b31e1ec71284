import { test } from 'vitest';
import { CATALOG } from '../conformance/catalog.js';
import { eraOf } from '../conformance/check.js';
import { REQUIREMENTS } from '../conformance/requirements/manifest.js';
import { isObservable } from '../conformance/requirements/requirement.js';
test('scratch', () => {
  const era = new Map(CATALOG.map((c) => [c.id, eraOf(c)]));
  const lines: string[] = [];
  for (const r of REQUIREMENTS) {
    if (!isObservable(r) || r.era !== 'any') continue;
    for (const b of r.branches) {
      const eras = new Set(b.checks.map((c) => era.get(c)));
      if (eras.has('2025-11-25') && eras.has('any') && !b.era) lines.push(`${r.id} | ${r.rule} | ${b.checks.map((c) => `${c}:${era.get(c)}`).join(' ')}`);
    }
  }
  console.log(lines.join('\n'));
});
