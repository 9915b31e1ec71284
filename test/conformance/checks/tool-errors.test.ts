import { describe, expect, test } from 'vitest';
import { runAgainst, withFakeDeployment } from '../harness.js';
import { describeFaultCases } from '../fault-suite.js';
import { VIEWER_SURVEY } from '../fake/survivors.js';

describeFaultCases('tool-errors');

describe('tool-error-not-authorized on a deployment without the demo data', () => {
  test('is not verified, with a hint, when no --forbidden-survey-id was given', async () => {
    const report = await withFakeDeployment({ faults: { withoutDemoSurvey: true } }, (fake) =>
      runAgainst(fake, { only: ['tool-error-not-authorized'] }),
    );
    expect(report.results[0]).toMatchObject({ status: 'not-verified', message: expect.stringContaining('pass --forbidden-survey-id') });
  });

  test('passes on the viewer branch, noting the missing demo survey, when --viewer-survey-id was given', async () => {
    const report = await withFakeDeployment({ faults: { withoutDemoSurvey: true } }, (fake) =>
      runAgainst(fake, { only: ['tool-error-not-authorized'], viewerSurveyId: VIEWER_SURVEY.id }),
    );
    expect(report.results[0]).toMatchObject({
      status: 'pass',
      message: expect.stringMatching(new RegExp(`^get_survey "${VIEWER_SURVEY.id}" answered \\(viewer\\); .*; a record the person may not open was not tried: .*pass --forbidden-survey-id`)),
    });
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

describe('tool-error-not-authorized with --viewer-survey-id', () => {
  test('passes when the viewer opens the survey and is refused its responses in each era', async () => {
    const report = await withFakeDeployment({}, (fake) => runAgainst(fake, { only: ['tool-error-not-authorized'], viewerSurveyId: VIEWER_SURVEY.id }));
    expect(report.results[0]).toMatchObject({ status: 'pass', message: expect.stringContaining(`get_survey "${VIEWER_SURVEY.id}" answered (viewer); 2025-11-25: tool error "not authorized`) });
    expect(report.results[0]?.message).toContain('2026-07-28: tool error "not authorized');
  });

  test('fails when the survey named is one the person holds a greater role on', async () => {
    const report = await withFakeDeployment({}, (fake) => runAgainst(fake, { only: ['tool-error-not-authorized'], viewerSurveyId: 'srv_alpha' }));
    expect(report.results[0]).toMatchObject({
      status: 'fail',
      message: 'get_survey for --viewer-survey-id "srv_alpha" says my_role "owner": name a survey this person may open only as viewer',
    });
  });
});
