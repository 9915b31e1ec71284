import { describe, expect, test } from 'vitest';
import { describeFaultCases } from '../fault-suite.js';
import { runAgainst, withFakeDeployment } from '../harness.js';

describeFaultCases('mcp');

describe('the stream GET: the contract’s 404 against what strict clients accept', () => {
  const only = ['stream-request-404', 'stream-get-strict-clients'];

  test('a deployment that follows the contract gets a warning naming the flag, and no failure', async () => {
    const report = await withFakeDeployment({}, (fake) => runAgainst(fake, { only }));
    expect(report.results.map((result) => [result.id, result.status])).toEqual([
      ['stream-request-404', 'pass'],
      ['stream-get-strict-clients', 'warn'],
    ]);
    expect(report.results[1]?.message).toMatch(/answered HTTP 404, as section 4\.1 rule 1 requires, but strict clients/);
    expect(report.results[1]?.message).toContain('survey-mcp serve --stream-get-status 405');
    expect(report.counts.fail).toBe(0);
  });

  test('one that answers 405 satisfies strict clients and fails the contract', async () => {
    const report = await withFakeDeployment({ faults: { streamStatus: 405 } }, (fake) => runAgainst(fake, { only }));
    expect(report.results.map((result) => [result.id, result.status])).toEqual([
      ['stream-request-404', 'fail'],
      ['stream-get-strict-clients', 'pass'],
    ]);
  });
});
