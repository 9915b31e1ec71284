import { z } from 'zod';
import type { DeleteQuestionArgs } from '../../platform/index.js';
import { defineTool } from '../tool.js';
import { argumentsOf, questionId } from './fields.js';

const input = argumentsOf<DeleteQuestionArgs>()({ question_id: questionId });

const output = z.strictObject({ deleted: z.literal(true), question_id: z.string(), survey_id: z.string() });

export const deleteQuestion = defineTool({
  name: 'delete_question',
  title: 'Delete a question',
  description:
    'Deletes a question and its choices from a survey that has no responses yet; the remaining questions close ' +
    'ranks. Cannot be undone. Needs the editor role or above.',
  input,
  output,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  run: ({ platform, userId }, args) => platform.deleteQuestion(userId, args) satisfies Promise<z.output<typeof output>>,
});
