import { describe, expect, test } from 'vitest';
import { describeFaultCases } from '../fault-suite.js';
import { CONFIRMATION_FAULT_CASES } from '../fault-cases-confirmations.js';
import { runAgainst, withFakeDeployment } from '../harness.js';

describeFaultCases('confirmations');

describe('the confirmation checks', () => {
  test('all pass against a deployment that asks first in every way, walking each era and way offered', async () => {
    const report = await withFakeDeployment({}, (fake) => runAgainst(fake, { only: ['confirmations'] }));
    expect(report.results.map((result) => [result.id, result.status])).toEqual(report.results.map((result) => [result.id, 'pass']));
    const asked = report.results.find((result) => result.id === 'confirmation-asked-first')?.message ?? '';
    for (const way of ['2025-11-25 confirmation token', '2025-11-25 elicitation', '2026-07-28 input request', '2026-07-28 confirmation token']) expect(asked).toContain(`${way}: asked`);
  }, 60_000);

  test('all pass against a deployment whose person confirms on a page, the runner pressing its button as the person', async () => {
    const report = await withFakeDeployment({ faults: { confirmationPage: true } }, (fake) => runAgainst(fake, { only: ['confirmations'] }));
    expect(report.results.map((result) => [result.id, result.status])).toEqual(report.results.map((result) => [result.id, 'pass']));
    expect(report.results.find((result) => result.id === 'confirmation-accept-applies')?.message).toContain('2025-11-25 confirmation token: deleted once confirmed on the page, not before');
    expect(report.results.find((result) => result.id === 'confirmation-decline-changes-nothing')?.message).toContain(
      '2025-11-25 confirmation token: question still there after the ask alone; after pressing "Don\'t do it" on the confirmation page (HTTP 200) the repeated call was refused ("validation failed: confirmation_token was already used"), and Confirm pressed afterwards on the same page revived nothing',
    );
  }, 60_000);

  test('walk 2025-11-25 alone against a deployment that speaks only it', async () => {
    const report = await withFakeDeployment({ offers: 'legacy' }, (fake) => runAgainst(fake, { only: ['confirmation-accept-applies', 'confirmation-missing-answer-asks-again'] }));
    expect(report.results.map((result) => [result.id, result.status])).toEqual([
      ['confirmation-accept-applies', 'pass'],
      ['confirmation-missing-answer-asks-again', 'skip'],
    ]);
    expect(report.results[0]?.message).toBe('2025-11-25 confirmation token: deleted once confirmed; 2025-11-25 elicitation: deleted once confirmed');
  });

  test('skip, with the evidence, when the signed-in person may create no survey', async () => {
    const report = await withFakeDeployment({ faults: { withoutWriteAccess: true } }, (fake) => runAgainst(fake, { only: ['confirmation-asked-first'] }));
    expect(report.results[0]).toMatchObject({ status: 'skip', message: expect.stringMatching(/^the signed-in person may create surveys in no workspace \(get_me lists \[\]\): sign in as a person with write access/) });
  });
});

// A fault of one rule must not be caught by accident elsewhere: against it, every other confirmation check passes.
describe('a deployment that confirms wrongly in one way', () => {
  for (const faultCase of CONFIRMATION_FAULT_CASES) {
    test(`that ${faultCase.deployment} fails ${faultCase.check} and no other confirmation check`, async () => {
      const report = await withFakeDeployment(faultCase.fake, (fake) => runAgainst(fake, { only: ['confirmations'] }));
      const caught = report.results.filter((result) => result.status !== 'pass' && !faultCase.mayAlsoFail?.includes(result.id));
      expect(caught.map((result) => result.id), caught.map((result) => `${result.id}: ${result.message}`).join('\n')).toEqual([faultCase.check]);
    }, 60_000);
  }
});
