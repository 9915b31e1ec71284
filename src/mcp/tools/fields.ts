/**
 * The argument pieces several tools share. Ids are plain strings on purpose: an id that does not
 * exist must come back as `survey 'x' not found` (spec 7.2), not as a format error.
 */
import { z } from 'zod';
import { maxQuestions, questionTypes } from '../../platform/question-rules.js';
import { responseStatuses } from '../../platform/responses.js';
import { collaboratorRoles } from '../../platform/roles.js';
import { surveyStatuses } from '../../platform/states.js';

type KeysMatch<Shape, Args> = [Exclude<keyof Args, keyof Shape>, Exclude<keyof Shape, keyof Args>] extends [never, never]
  ? unknown
  : { missing: Exclude<keyof Args, keyof Shape>; extra: Exclude<keyof Shape, keyof Args> };

/**
 * A strict argument object naming exactly the keys of the platform's `Args`: a forgotten or an
 * invented argument fails to compile (each tool's `run` proves the parsed values fit `Args`).
 */
export const argumentsOf =
  <Args>() =>
  <Shape extends z.ZodRawShape>(shape: Shape & NoInfer<KeysMatch<Shape, Args>>) =>
    z.strictObject(shape);

export const workspaceId = z.string().describe('Workspace id (wsp_…), from get_me.');
export const surveyId = z.string().describe('Survey id (srv_…), from list_surveys.');
export const questionId = z.string().describe('Question id (qst_…), from get_survey.');
export const choiceId = z.string().describe('Choice id (chc_…), from get_survey.');
export const responseId = z.string().describe('Response id (rsp_…), from list_responses.');

export const limit = z
  .number()
  .int()
  .min(1)
  .max(100)
  .default(25)
  .describe('Page size, 1 to 100 (default 25).');

export const cursor = z
  .string()
  .describe('The next_cursor of the previous page, to fetch the next one; keep every other argument unchanged.');

/** With a zone (`Z` or `+02:00`), so the instant is never the server's guess. */
export const dateTime = z.iso.datetime({ offset: true });

export const surveyStatus = z.enum(surveyStatuses);
export const responseStatus = z.enum(responseStatuses);
export const questionType = z.enum(questionTypes);
export const shareRole = z.enum([...collaboratorRoles, 'none']);

export const title = z.string().min(1).max(200);
export const description = z.string().max(2000);
export const questionText = z.string().min(1).max(500);
export const choiceLabel = z.string().min(1).max(200).describe('Choice label, unique within the question (ignoring case).');
/** Settings are flat: a nested value could only be refused later, after costing a deep walk. */
const isFlat = (settings: Record<string, unknown>): boolean =>
  Object.values(settings).every((value) => value === null || typeof value !== 'object');

export const settings = z
  .record(z.string(), z.unknown())
  .refine(isFlat, { message: 'values must be numbers, text, true/false or null, not lists or objects' })
  .describe('Type-specific settings: rating takes {min: 0 or 1, max: 3 to 10} (default 1 to 5); number takes optional {min, max}; other types take none.');
export const position = z.number().int().min(1);

/** The response filters of get_survey_results and list_responses; each describes status and question_ids its own way. */
export const filterArguments = {
  survey_id: surveyId,
  status: responseStatus.optional(),
  submitted_after: dateTime.optional().describe('Only responses submitted at or after this ISO-8601 date-time (with zone, e.g. 2026-03-01T00:00:00Z).'),
  submitted_before: dateTime.optional().describe('Only responses submitted before this ISO-8601 date-time (with zone).'),
  question_ids: z.array(questionId).max(maxQuestions).optional(),
};

/** One question as `create_survey` and `add_question` take it. */
export const questionArguments = {
  type: questionType.describe('Question type; choice types need choices, rating takes settings.'),
  text: questionText.describe('The question as respondents read it, 1 to 500 characters.'),
  description: description.optional().describe('Help text shown under the question.'),
  required: z.boolean().optional().describe('Whether an answer is required (default false).'),
  choices: z
    .array(choiceLabel)
    .min(2)
    .max(50)
    .optional()
    .describe('Choice labels in display order, 2 to 50; only for single_choice and multiple_choice.'),
  settings: settings.optional(),
};

/** Reads change nothing and reach nothing outside this server. */
export const readAnnotations = { readOnlyHint: true, openWorldHint: false } as const;

/** Creates and edits: repeating one makes another record or edit, and nothing is lost. */
export const editAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

/** Sets a value (a status, a person's role): asking twice changes nothing more, but a value can take something away. */
export const settingAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false } as const;
