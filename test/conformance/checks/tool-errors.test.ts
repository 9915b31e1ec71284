import { describe, expect, test } from 'vitest';
import { runAgainst, withFakeDeployment } from '../harness.js';
import { describeFaultCases } from '../fault-suite.js';

describeFaultCases('tool-errors');

describe('tool-error-not-authorized on a deployment without the demo data', () => {
  test('is skipped with a hint when no --forbidden-survey-id was given', async () => {
    const report = await withFakeDeployment({ faults: { withoutDemoSurvey: true } }, (fake) =>
      runAgainst(fake, { only: ['tool-error-not-authorized'] }),
    );
    expect(report.results[0]).toMatchObject({ status: 'skip', message: expect.stringContaining('pass --forbidden-survey-id') });
  });

  test('fails when the survey named by --forbidden-survey-id is not found', async () => {
    const report = await withFakeDeployment({ faults: { withoutDemoSurvey: true } }, (fake) =>
      runAgainst(fake, { only: ['tool-error-not-authorized'], forbiddenSurveyId: 'srv_demo_offsite' }),
    );
    expect(report.results[0]).toMatchObject({
      status: 'fail',
      message: `2025-11-25: the message "survey 'srv_demo_offsite' not found" must say the person is not authorized`,
    });
  });
});
