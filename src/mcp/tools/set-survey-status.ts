import { z } from 'zod';
import type { SetSurveyStatusArgs } from '../../platform/index.js';
import { defineTool } from '../tool.js';
import { argumentsOf, settingAnnotations, surveyId, surveyStatus } from './fields.js';
import { surveyRecord } from './records.js';

export const setSurveyStatus = defineTool({
  name: 'set_survey_status',
  title: 'Set survey status',
  description:
    'Publishes (draft → open), pauses, resumes, closes, reopens, archives or restores a survey. Publishing needs at ' +
    'least one question and two choices on every choice question; asking for the current status changes nothing. ' +
    'Opening, pausing and closing need the editor role or above; archiving and restoring need the owner.',
  // Archiving takes a survey out of use, so the tool as a whole is marked destructive.
  confirmation: 'setSurveyStatus',
  annotations: settingAnnotations,
  input: argumentsOf<SetSurveyStatusArgs>()({
    survey_id: surveyId,
    status: surveyStatus.describe(
      'The status to move to: draft → open ⇄ paused → closed → open (reopen); draft or closed → archived → back to where it was.',
    ),
  }),
  output: z.strictObject({
    survey: surveyRecord,
    previous_status: surveyStatus.describe('The status before this call.'),
    changed: z.boolean().describe('False when the survey already had this status.'),
  }),
  run: ({ platform, userId }, args) => platform.setSurveyStatus(userId, args),
});
