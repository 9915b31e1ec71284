import { z } from 'zod';
import type { AddQuestionArgs } from '../../platform/index.js';
import { defineTool } from '../tool.js';
import { argumentsOf, editAnnotations, position, questionArguments, surveyId } from './fields.js';
import { questionRecord } from './records.js';

const input = argumentsOf<AddQuestionArgs>()({
  survey_id: surveyId,
  ...questionArguments,
  position: position.optional().describe('1-based place among the questions; later ones move down (default last).'),
});

const output = z.strictObject({ question: questionRecord });

export const addQuestion = defineTool({
  name: 'add_question',
  title: 'Add a question',
  description:
    'Adds a question to a survey and returns it with its new id and choice ids. Once a survey has responses, only ' +
    'optional questions can be added. Needs the editor role or above; archived surveys must be restored first.',
  input,
  output,
  annotations: editAnnotations,
  run: ({ platform, userId }, args) => platform.addQuestion(userId, args) satisfies Promise<z.output<typeof output>>,
});
