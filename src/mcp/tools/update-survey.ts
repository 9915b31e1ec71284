import { z } from 'zod';
import type { UpdateSurveyArgs } from '../../platform/index.js';
import { defineTool } from '../tool.js';
import { argumentsOf, dateTime, description, editAnnotations, surveyId, title } from './fields.js';
import { surveyRecord } from './records.js';

export const updateSurvey = defineTool({
  name: 'update_survey',
  title: 'Update a survey',
  description:
    'Changes a survey\'s title, description, schedule (opens_at, closes_at), response_limit or anonymity; only the ' +
    'arguments given change. Returns the survey. Status changes go through set_survey_status, questions through the ' +
    'question tools. Needs the editor role or above; archived surveys must be restored first.',
  confirmation: 'updateSurvey',
  annotations: editAnnotations,
  input: argumentsOf<UpdateSurveyArgs>()({
    survey_id: surveyId,
    title: title.optional().describe('New title, 1 to 200 characters.'),
    description: description.optional().describe('New description.'),
    opens_at: dateTime.nullable().optional().describe('When responses start being accepted (ISO-8601 with zone); null clears.'),
    closes_at: dateTime
      .nullable()
      .optional()
      .describe('When the survey closes by itself (ISO-8601 with zone, in the future, after opens_at); null clears.'),
    response_limit: z
      .number()
      .int()
      .min(1)
      .nullable()
      .optional()
      .describe('Close after this many completed responses (not below those already in); null clears.'),
    anonymous: z.boolean().optional().describe('Hide respondent identity; cannot change once the survey has responses.'),
  }),
  output: z.strictObject({
    survey: surveyRecord,
    changed: z.boolean().describe('False when every field given already had that value: nothing was changed.'),
  }),
  run: ({ platform, userId }, args) => platform.updateSurvey(userId, args),
});
