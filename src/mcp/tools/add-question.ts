import { z } from 'zod';
import type { AddQuestionArgs } from '../../platform/index.js';
import { defineTool } from '../tool.js';
import { argumentsOf, editAnnotations, position, questionArguments, surveyId } from './fields.js';
import { questionRecord } from './records.js';

export const addQuestion = defineTool({
  name: 'add_question',
  title: 'Add a question',
  description:
    'Adds a question to a survey and returns it with its new id and choice ids. Once a survey has responses, only ' +
    'optional questions can be added. Needs the editor role or above; archived surveys must be restored first.',
  annotations: editAnnotations,
  input: argumentsOf<AddQuestionArgs>()({
    survey_id: surveyId,
    ...questionArguments,
    position: position.optional().describe('1-based place among the questions; later ones move down (default last).'),
  }),
  output: z.strictObject({ question: questionRecord }),
  run: ({ platform, userId }, args) => platform.addQuestion(userId, args),
});
