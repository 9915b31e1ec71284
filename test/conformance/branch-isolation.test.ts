import { describe, test } from 'vitest';
import { BRANCH_FAULT_CASES } from './branch-fault-cases.js';
import { PRIVATE_KEY_JWT_FAULT_CASES } from './fault-cases-private-key-jwt.js';
import { SKILLS_FAULT_CASES } from './fault-cases-skills.js';
import { SOURCE_FAULT_CASES } from './fault-cases-sources.js';
import { SURVIVOR_FAULT_CASES } from './fault-cases-survivors.js';
import { VARIANT_FAULT_CASES } from './fault-cases-variants.js';
import { FRESH_SEED_FAULT_CASES } from './fault-cases-fresh-seed.js';
import { DEMONSTRATED_FAULT_CASES } from './fault-cases-demonstrated.js';
import { runAgainst, withFakeDeployment } from './harness.js';
import { CATALOG } from '../../conformance/catalog.js';
import { variantId } from '../../conformance/variants/axes.js';

/**
 * Whether a result is one a fault case allows besides its check: the check's own family (the same
 * table cell in another client kind), or one named in mayAlsoFail by id, by family, or as `@kind`
 * (every case of a client kind, for a fault that breaks that kind's authentication throughout).
 */
function allowed(id: string, faultCase: { readonly check: string; readonly mayAlsoFail?: readonly string[] }): boolean {
  const check = CATALOG.find((candidate) => candidate.id === id);
  const family = check?.family;
  const values = check?.variant ? variantId(check.variant).split('+') : [];
  if (family !== undefined && family === CATALOG.find((candidate) => candidate.id === faultCase.check)?.family) return true;
  return (faultCase.mayAlsoFail ?? []).some((entry) => entry === id || entry === family || (entry.startsWith('@') && values.includes(entry.slice(1))));
}

// A fault in one branch must not be caught by accident elsewhere, nor hide behind another
// check's failure: against it, every other check of the group passes (but for the one warning a
// deployment that follows the contract always earns: its 404 on GET /, which strict clients reject).
const contractWarning = 'stream-get-strict-clients';
// Each case has a fake deployment of its own, and its run mostly waits out rate windows and token
// lifetimes: the cases run a few at a time (vitest's maxConcurrency), not one after another.
describe.concurrent('a deployment broken in one branch', () => {
  for (const faultCase of [...BRANCH_FAULT_CASES, ...SOURCE_FAULT_CASES, ...PRIVATE_KEY_JWT_FAULT_CASES, ...SKILLS_FAULT_CASES, ...SURVIVOR_FAULT_CASES, ...VARIANT_FAULT_CASES, ...FRESH_SEED_FAULT_CASES, ...DEMONSTRATED_FAULT_CASES]) {
    test(`that ${faultCase.deployment} fails ${faultCase.check} and no other ${faultCase.group} check`, async ({ expect }) => {
      const report = await withFakeDeployment(faultCase.fake, (fake) =>
        runAgainst(fake, { ...faultCase.run, only: [faultCase.group] }),
      );
      const caught = report.results.filter(
        (result) =>
          (result.status === 'fail' || (result.status === 'warn' && result.id !== contractWarning)) &&
          (result.id === faultCase.check || !allowed(result.id, faultCase)),
      );
      const account = caught.map((result) => `${result.id}: ${result.message}`).join('\n');
      expect(caught.map((result) => result.id), account).toEqual([faultCase.check]);
      expect(caught[0]?.message).toMatch(faultCase.reason);
      // The authorization group's 88 table cases take 20-30 s against the fake when the machine is busy.
    }, 120_000);
  }
});
