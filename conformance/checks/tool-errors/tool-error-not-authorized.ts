import { type Check, CheckSkipped, fail, notVerified } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { isObject } from '../../mcp.js';
import { DEFAULT_FORBIDDEN_SURVEY_ID } from '../../options.js';
import { callToolOk } from '../shared/tool-call.js';
import { expectToolErrorInEachEra } from './tool-error.js';

const notAuthorized = (message: string, era: string): void => {
  if (!/^not authorized/i.test(message)) fail(`${era}: the message "${message}" must say the person is not authorized`);
};

/**
 * With --viewer-survey-id, a role short of what a tool needs: the viewer opens the survey, but
 * its responses (analyst and above) are refused. Only reads are sent: a write a broken
 * deployment let through would change someone else's survey.
 */
async function viewerHeldToRole(ctx: CheckContext): Promise<string> {
  const surveyId = ctx.settings.viewerSurveyId;
  if (surveyId === undefined) return 'no --viewer-survey-id given, so a lesser role was not tried';
  const { structured } = await callToolOk(ctx, 'get_survey', { survey_id: surveyId });
  const role = isObject(structured['survey']) ? structured['survey']['my_role'] : undefined;
  if (role !== undefined && role !== 'viewer') fail(`get_survey for --viewer-survey-id "${surveyId}" says my_role ${JSON.stringify(role)}: name a survey this person may open only as viewer`);
  const what = `list_responses of "${surveyId}", which the person may open only as viewer`;
  return `get_survey "${surveyId}" answered (viewer); ${await expectToolErrorInEachEra(ctx, 'list_responses', { survey_id: surveyId }, what, notAuthorized)}`;
}

export const toolErrorNotAuthorized: Check = {
  id: 'tool-error-not-authorized',
  group: 'tool-errors',
  title: 'A record the person may not open, or may open only as viewer where responses are asked for, gets a tool error saying they are not authorized, in each era offered',
  spec: 'section 7.2 rules 1-3; section 1 rule 3; section 5.5 rule 3 (access follows the person\'s permissions)',
  level: 'MUST',
  era: 'any',
  needsSignIn: true,
  async run(ctx) {
    // First, so that a deployment without the demo's survey still has the lesser role judged.
    const viewer = await viewerHeldToRole(ctx);
    const given = ctx.settings.forbiddenSurveyId;
    const surveyId = given ?? DEFAULT_FORBIDDEN_SURVEY_ID;
    const what = `get_survey for "${surveyId}" (set --forbidden-survey-id to a survey this person may not open)`;
    const forbidden = expectToolErrorInEachEra(ctx, 'get_survey', { survey_id: surveyId }, what, (message, era) => {
      if (given === undefined && /not found/i.test(message)) {
        notVerified(`this deployment has no demo survey "${surveyId}": pass --forbidden-survey-id with a survey this person may not open`);
      }
      notAuthorized(message, era);
    });
    try {
      return `${await forbidden}; ${viewer}`;
    } catch (error) {
      // A viewer branch that ran is a result of its own, not to be lost to the missing demo survey.
      if (!(error instanceof CheckSkipped) || ctx.settings.viewerSurveyId === undefined) throw error;
      return `${viewer}; a record the person may not open was not tried: ${error.message}`;
    }
  },
};
