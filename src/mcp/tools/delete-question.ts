import { z } from 'zod';
import type { DeleteQuestionArgs } from '../../platform/index.js';
import { defineTool } from '../tool.js';
import { argumentsOf, questionId } from './fields.js';

export const deleteQuestion = defineTool({
  name: 'delete_question',
  title: 'Delete a question',
  description:
    'Deletes a question and its choices from a survey that has no responses yet; the remaining questions close ' +
    'ranks. Cannot be undone. Needs the editor role or above.',
  confirmation: 'deleteQuestion',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: argumentsOf<DeleteQuestionArgs>()({ question_id: questionId }),
  output: z.strictObject({ deleted: z.literal(true), question_id: z.string(), survey_id: z.string() }),
  run: ({ platform, userId }, args) => platform.deleteQuestion(userId, args),
});
