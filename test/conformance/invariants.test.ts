import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../conformance/catalog.js';
import { INVARIANTS } from '../../conformance/invariants/catalog.js';
import { requirementOf } from '../../conformance/invariants/judge.js';
import { runAgainst, withFakeDeployment } from './harness.js';
import { INVARIANT_FAULT_CASES } from './invariant-fault-cases.js';

describe('the invariants', () => {
  test('each has an id no check has, and a requirement of the manifest that gives its level', () => {
    const ids = [...CATALOG.map((check) => check.id), ...INVARIANTS.map((invariant) => invariant.id)];
    expect(new Set(ids).size).toBe(ids.length);
    for (const invariant of INVARIANTS) expect(['MUST', 'SHOULD'], invariant.id).toContain(requirementOf(invariant).level);
  });

  test('each has a wrong deployment that makes it fail', () => {
    const covered = new Set(INVARIANT_FAULT_CASES.map((faultCase) => faultCase.invariant));
    expect(INVARIANTS.map((invariant) => invariant.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  for (const faultCase of INVARIANT_FAULT_CASES) {
    const invariant = INVARIANTS.find((candidate) => candidate.id === faultCase.invariant);
    const verdict = invariant && requirementOf(invariant).level === 'SHOULD' ? 'warn' : 'fail';
    test(`${faultCase.invariant} ${verdict === 'warn' ? 'warns' : 'fails'} when the deployment ${faultCase.deployment}`, async () => {
      const report = await withFakeDeployment(faultCase.fake, (fake) => runAgainst(fake, { ...faultCase.run, only: [...faultCase.only] }));
      const result = report.invariants?.results.find((candidate) => candidate.id === faultCase.invariant);
      expect(result?.message).toMatch(faultCase.reason);
      expect(result?.status).toBe(verdict);
      expect(result?.kind).toBe('invariant');
      expect(result?.evidence.length).toBeGreaterThan(0);
      // Only the invariant named finds a fault: the others judge the same exchanges and pass or skip.
      const others = (report.invariants?.results ?? []).filter((other) => other.id !== faultCase.invariant && (other.status === 'fail' || other.status === 'warn'));
      expect(others.map((other) => `${other.id}: ${other.message}`)).toEqual([]);
    });
  }
});
