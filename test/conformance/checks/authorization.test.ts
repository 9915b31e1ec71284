import { describe, expect, test } from 'vitest';
import { describeFaultCases } from '../fault-suite.js';
import { runAgainst, withFakeDeployment } from '../harness.js';

describeFaultCases('authorization');

describe('the replay checks and a refresh grace', () => {
  // A runner cannot learn the grace: told a shorter one, it presents the spent token while the
  // deployment still answers it as a retry, and says which flag to give. (A deployment whose grace
  // ends at the successor's first use, as issue 33 asks, may refuse sooner: this one does not.)
  test('fail, naming --refresh-grace, against a deployment whose grace is longer than the one given', async () => {
    const report = await withFakeDeployment({ refreshGraceSeconds: 30, faults: { graceOutlivesSuccessorUse: true } }, (fake) =>
      runAgainst(fake, { only: ['spent-refresh-token-refused'], refreshGraceSeconds: 1 }),
    );
    expect(report.results.map((result) => [result.id, result.status])).toEqual([['spent-refresh-token-refused', 'fail']]);
    expect(report.results[0]?.message).toMatch(/presenting the spent refresh token again 2 s after a retry was answered \(past --refresh-grace 1\): expected HTTP 400, got HTTP 200/);
  });

  test('pass at once, with no wait, against a deployment without one', async () => {
    const report = await withFakeDeployment({ faults: { noRefreshGrace: true } }, (fake) =>
      runAgainst(fake, { only: ['spent-refresh-token-refused', 'spent-refresh-revokes-grant'], refreshGraceSeconds: 3600 }),
    );
    expect(report.results.map((result) => [result.id, result.status])).toEqual([
      ['spent-refresh-token-refused', 'pass'],
      ['spent-refresh-revokes-grant', 'pass'],
    ]);
    expect(report.results.map((result) => result.message)).toEqual([
      'the spent refresh token got 400 invalid_grant',
      'after the reuse the newest access token answered 401 and the newest refresh token was refused',
    ]);
  });
});
