import { z } from 'zod';
import type { GetResponseArgs } from '../../platform/index.js';
import { defineTool } from '../tool.js';
import { argumentsOf, readAnnotations, responseId } from './fields.js';
import { responseRecord } from './records.js';

export const getResponse = defineTool({
  name: 'get_response',
  title: 'Get a response',
  description:
    'Returns one response in full: status, channel, respondent (null on anonymous surveys), times, and every answer ' +
    'with its question text, choice labels and untruncated text. Needs the analyst role or above on the survey.',
  annotations: readAnnotations,
  input: argumentsOf<GetResponseArgs>()({ response_id: responseId }),
  output: z.strictObject({ response: responseRecord }),
  run: ({ platform, userId }, args) => platform.getResponse(userId, args),
});
