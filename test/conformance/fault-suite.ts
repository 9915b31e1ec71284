import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../conformance/catalog.js';
import type { Group } from '../../conformance/check.js';
import { FAULT_CASES } from './fault-cases.js';
import { runAgainst, withFakeDeployment } from './harness.js';

/** For each wrong deployment of `group`: its check, run alone, fails for the stated reason. */
export function describeFaultCases(group: Group): void {
  describe(`the ${group} checks against deployments that break one rule`, () => {
    for (const faultCase of FAULT_CASES.filter((candidate) => candidate.group === group)) {
      const level = CATALOG.find((check) => check.id === faultCase.check)?.level;
      const verdict = level === 'SHOULD' ? 'warn' : 'fail';
      test(`${faultCase.check} ${verdict === 'warn' ? 'warns' : 'fails'} when the deployment ${faultCase.deployment}`, async () => {
        const report = await withFakeDeployment(faultCase.fake, (fake) =>
          runAgainst(fake, { ...faultCase.run, only: [faultCase.check] }),
        );
        const result = report.results.find((candidate) => candidate.id === faultCase.check);
        expect(result?.message).toMatch(faultCase.reason);
        expect(result?.status).toBe(verdict);
      });
    }
  });
}
