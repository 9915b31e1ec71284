import { z } from 'zod';
import type { GetSurveyArgs } from '../../platform/index.js';
import { defineTool } from '../tool.js';
import { argumentsOf, readAnnotations, surveyId } from './fields.js';
import { collaboratorRecord, questionRecord, surveyRecord } from './records.js';

export const surveyDetail = z.strictObject({
  survey: surveyRecord,
  questions: z.array(questionRecord).describe('In survey order, each with its choices (ids and labels).'),
  collaborators: z.array(collaboratorRecord).optional().describe('Who the survey is shared with; only shown to its owner.'),
});

export const getSurvey = defineTool({
  name: 'get_survey',
  title: 'Get a survey',
  description:
    'Returns one survey with its settings, status, response counts and every question with its choices (the ids that ' +
    'get_survey_results, list_responses and the question tools take); the owner also sees collaborators. ' +
    'Any role on the survey (viewer and up) may call it.',
  annotations: readAnnotations,
  input: argumentsOf<GetSurveyArgs>()({ survey_id: surveyId }),
  output: surveyDetail,
  run: ({ platform, userId, surveyRead }, args) => platform.getSurvey(userId, args, surveyRead),
});
