import { z } from 'zod';
import type { GetSurveyResultsArgs } from '../../platform/index.js';
import { resultsViewToolMeta } from '../results-app/resource.js';
import { defineTool } from '../tool.js';
import { argumentsOf, filterArguments, questionId, readAnnotations } from './fields.js';
import { questionResultRecord } from './records.js';

export const getSurveyResults = defineTool({
  name: 'get_survey_results',
  title: 'Get survey results',
  description:
    'Aggregates a survey\'s responses per question: choice counts and percentages, mean/median/min/max, NPS ' +
    '(promoters, passives, detractors, score), date ranges and the newest text answers (text samples need analyst or above). ' +
    'Prefer this over list_responses for any summary; filter by status and submitted_after/submitted_before, and ' +
    'segment_by a single_choice question to compare groups. Any role on the survey (viewer and up) may call it.',
  annotations: readAnnotations,
  // Hosts that render MCP Apps draw the answer as a chart; the answer itself is unchanged.
  meta: resultsViewToolMeta,
  input: argumentsOf<GetSurveyResultsArgs>()({
    ...filterArguments,
    status: filterArguments.status.describe('Which responses to aggregate (default completed).'),
    question_ids: filterArguments.question_ids.describe('Only these questions (default all).'),
    segment_by: questionId
      .optional()
      .describe('A single_choice question (qst_…): every aggregate is repeated per choice, e.g. NPS per plan.'),
  }),
  output: z.strictObject({
    survey_id: z.string(),
    filters: z.strictObject({
      status: z.string().describe('Response statuses counted, comma-separated.'),
      submitted_after: z.string().nullable(),
      submitted_before: z.string().nullable(),
    }),
    response_count: z.number().int(),
    questions: z.array(questionResultRecord),
    segmented_by: z
      .strictObject({
        question_id: z.string(),
        text: z.string(),
        segments: z.array(
          z.strictObject({
            choice_id: z.string(),
            label: z.string(),
            response_count: z.number().int(),
            questions: z.array(questionResultRecord),
          }),
        ),
      })
      .optional(),
  }),
  run: ({ platform, userId }, args) => platform.getSurveyResults(userId, args),
});
