import { fail, skip, type Check } from '../../check.js';
import { DEFAULT_FORBIDDEN_SURVEY_ID } from '../../options.js';
import { expectToolErrorInEachEra } from './tool-error.js';

export const toolErrorNotAuthorized: Check = {
  id: 'tool-error-not-authorized',
  group: 'tool-errors',
  title: 'A record the person may not open gets a tool error saying they are not authorized, in each era offered',
  spec: 'section 7.2 rules 1-3; section 1 rule 3',
  level: 'MUST',
  era: 'any',
  needsSignIn: true,
  async run(ctx) {
    const given = ctx.settings.forbiddenSurveyId;
    const surveyId = given ?? DEFAULT_FORBIDDEN_SURVEY_ID;
    const what = `get_survey for "${surveyId}" (set --forbidden-survey-id to a survey this person may not open)`;
    return expectToolErrorInEachEra(ctx, 'get_survey', { survey_id: surveyId }, what, (message, era) => {
      if (given === undefined && /not found/i.test(message)) {
        skip(`this deployment has no demo survey "${surveyId}": pass --forbidden-survey-id with a survey this person may not open`);
      }
      if (!/^not authorized/i.test(message)) fail(`${era}: the message "${message}" must say the person is not authorized`);
    });
  },
};
