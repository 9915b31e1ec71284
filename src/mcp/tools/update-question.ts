import { z } from 'zod';
import type { UpdateQuestionArgs } from '../../platform/index.js';
import { defineTool } from '../tool.js';
import { argumentsOf, choiceId, choiceLabel, description, editAnnotations, position, questionId, questionText, settings } from './fields.js';
import { questionRecord } from './records.js';

export const updateQuestion = defineTool({
  name: 'update_question',
  title: 'Update a question',
  description:
    'Rewords, reorders or changes a question, its choices or settings; only the arguments given change. Returns the ' +
    'question. Once the survey has responses, rewording, new choices and reordering stay allowed but removing choices, ' +
    'changing settings or making it required are refused. Send the question\'s `version` from get_survey to apply the ' +
    'edit only if nobody changed the question since (else it is refused as a conflict: read it again and retry); ' +
    'removing choices needs it. Needs the editor role or above.',
  confirmation: 'updateQuestion',
  annotations: editAnnotations,
  input: argumentsOf<UpdateQuestionArgs>()({
    question_id: questionId,
    text: questionText.optional().describe('New wording, 1 to 500 characters.'),
    description: description.optional().describe('New help text.'),
    required: z.boolean().optional().describe('Whether an answer is required; cannot become true once the survey has responses.'),
    position: position.optional().describe('New 1-based place among the questions; the others shift.'),
    choices: z
      .array(
        z.strictObject({
          id: choiceId.optional().describe('Keep (and maybe relabel) this existing choice; omit for a new choice.'),
          label: choiceLabel,
        }),
      )
      .min(2)
      .max(50)
      .optional()
      .describe('The complete new list of choices in order, 2 to 50: existing choices left out are removed (needs `version`; not allowed once there are responses).'),
    settings: settings.optional(),
    version: z.string().optional().describe("The question's version as get_survey gave it: the edit applies only if the question still has it."),
  }),
  output: z.strictObject({
    question: questionRecord,
    changed: z.boolean().describe('False when the question already was as asked: nothing was changed.'),
  }),
  run: ({ platform, userId }, args) => platform.updateQuestion(userId, args),
});
