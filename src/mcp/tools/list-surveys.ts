import { z } from 'zod';
import type { ListSurveysArgs } from '../../platform/index.js';
import { defineTool } from '../tool.js';
import { argumentsOf, cursor, limit, readAnnotations, surveyStatus, workspaceId } from './fields.js';
import { pageOf, surveyRecord } from './records.js';

export const listSurveys = defineTool({
  name: 'list_surveys',
  title: 'List surveys',
  description:
    'Lists the surveys the signed-in person may open (own, workspace-admin and shared ones), newest first, with status, ' +
    'my_role, response counts and question count. Filter by workspace_id, status or a title query; paginate with ' +
    'next_cursor (default 25, max 100 per page). Use get_survey for questions and get_survey_results for answers. ' +
    'Any signed-in person may call it.',
  annotations: readAnnotations,
  input: argumentsOf<ListSurveysArgs>()({
    workspace_id: workspaceId.optional().describe('Only surveys of this workspace (wsp_…).'),
    status: surveyStatus.optional().describe('Only surveys in this status.'),
    query: z.string().max(200).optional().describe('Only surveys whose title contains this text.'),
    limit,
    cursor: cursor.optional(),
  }),
  output: z.strictObject({
    surveys: z.array(surveyRecord.extend({ question_count: z.number().int() })),
    ...pageOf('surveys'),
  }),
  run: ({ platform, userId }, args) => platform.listSurveys(userId, args),
});
