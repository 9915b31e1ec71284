import { describe, expect, test } from 'vitest';
import { describeFaultCases } from '../fault-suite.js';
import { runAgainst, withFakeDeployment } from '../harness.js';

describeFaultCases('modern-mcp');

describe('conformant variations the modern-mcp checks pass', () => {
  test('a fractional id refused with 422 and -32602 passes modern-envelope-values-32602', async () => {
    const report = await withFakeDeployment({ faults: { fractionalIdRefused32602: true } }, (fake) => runAgainst(fake, { only: ['modern-envelope-values-32602'] }));
    expect(report.results.map((result) => [result.id, result.status])).toEqual([['modern-envelope-values-32602', 'pass']]);
    expect(report.results[0]?.message).toContain('a tools/list whose id is 1.5: HTTP 422, -32602 under id 1.5');
  });

  test('an empty page for a cursor no page gave passes modern-tools-list-request-extras', async () => {
    const report = await withFakeDeployment({ faults: { unknownCursorEmptyPage: true } }, (fake) => runAgainst(fake, { only: ['modern-tools-list-request-extras'] }));
    expect(report.results.map((result) => [result.id, result.status, result.message])).toEqual([['modern-tools-list-request-extras', 'pass', expect.stringMatching(/a cursor no page gave: an empty page$/)]]);
  });
});
