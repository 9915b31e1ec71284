import { z } from 'zod';
import type { CreateSurveyArgs } from '../../platform/index.js';
import { maxQuestions } from '../../platform/question-rules.js';
import { defineTool } from '../tool.js';
import { argumentsOf, description, editAnnotations, questionArguments, title, workspaceId } from './fields.js';
import { surveyDetail } from './get-survey.js';

export const createSurvey = defineTool({
  name: 'create_survey',
  title: 'Create a survey',
  description:
    'Creates a draft survey in a workspace, optionally with its questions, and returns it like get_survey; the caller ' +
    'becomes its owner. Publish it afterwards with set_survey_status to open. Needs membership of the workspace (admin or member).',
  annotations: editAnnotations,
  input: argumentsOf<CreateSurveyArgs>()({
    workspace_id: workspaceId.describe('The workspace (wsp_…) to create it in; see get_me.'),
    title: title.describe('Survey title, 1 to 200 characters.'),
    description: description.optional().describe('Shown to respondents under the title.'),
    anonymous: z.boolean().optional().describe('When true, respondent email and name are never recorded or shown (default false).'),
    questions: z.array(z.strictObject(questionArguments)).max(maxQuestions).optional().describe('Questions in order, at most 200; more can be added later with add_question.'),
  }),
  output: surveyDetail,
  run: ({ platform, userId }, args) => platform.createSurvey(userId, args),
});
