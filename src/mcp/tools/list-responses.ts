import { z } from 'zod';
import type { ListResponsesArgs } from '../../platform/index.js';
import { defineTool } from '../tool.js';
import { argumentsOf, choiceId, cursor, filterArguments, limit, questionId, readAnnotations } from './fields.js';
import { pageOf, responseRecord } from './records.js';

const where = z
  .strictObject({
    question_id: questionId.describe('The question (qst_…) whose answer must match.'),
    choice_id: choiceId.optional().describe('Choice questions: responses that picked this choice (chc_…).'),
    min: z.number().optional().describe('Rating, NPS and number questions: answers at least this.'),
    max: z.number().optional().describe('Rating, NPS and number questions: answers at most this.'),
    contains: z.string().min(1).max(200).optional().describe('Text questions: answers containing this text.'),
  })
  .describe('Keep only responses whose answer to one question matches; give the condition that fits its type.');

export const listResponses = defineTool({
  name: 'list_responses',
  title: 'List responses',
  description:
    'Lists individual responses of a survey, newest first, with their answers (texts over 500 characters are cut and ' +
    'marked truncated: use get_response for the full text). Filter by status, submission time, one answer (where) and ' +
    'the questions to include; paginate with next_cursor and the same filters (default 25, max 100). For counts and ' +
    'averages use get_survey_results instead. Needs the analyst role or above on the survey.',
  annotations: readAnnotations,
  input: argumentsOf<ListResponsesArgs>()({
    ...filterArguments,
    status: filterArguments.status.describe('Only responses with this status (default every status).'),
    question_ids: filterArguments.question_ids.describe('Only include answers to these questions (default all).'),
    where: where.optional(),
    limit,
    cursor: cursor.optional(),
  }),
  output: z.strictObject({
    survey_id: z.string(),
    responses: z.array(responseRecord).describe('Newest first.'),
    ...pageOf('responses'),
  }),
  run: ({ platform, userId }, args) => platform.listResponses(userId, args),
});
