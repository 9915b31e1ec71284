import { z } from 'zod';
import { collaboratorRoles } from '../../platform/roles.js';
import { questionType, responseStatus, surveyStatus } from './fields.js';

/**
 * Output schemas of the records the platform presents (`present.ts`, `responses.ts`,
 * `results.ts`). Strict, so a field the platform adds without a schema change fails the tests
 * instead of the clients that validate `structuredContent`.
 */

const timestamp = z.iso.datetime();
const collaboratorRole = z.enum(collaboratorRoles);

export const surveyRecord = z.strictObject({
  id: z.string(),
  workspace_id: z.string(),
  owner_id: z.string(),
  title: z.string(),
  description: z.string(),
  status: surveyStatus,
  previous_status: surveyStatus.nullable(),
  anonymous: z.boolean(),
  opens_at: timestamp.nullable(),
  closes_at: timestamp.nullable(),
  response_limit: z.number().int().nullable(),
  response_counts: z.strictObject({
    completed: z.number().int(),
    partial: z.number().int(),
    disqualified: z.number().int(),
    total: z.number().int(),
  }),
  created_at: timestamp,
  updated_at: timestamp,
  published_at: timestamp.nullable(),
  closed_at: timestamp.nullable(),
  archived_at: timestamp.nullable(),
  my_role: z.enum([...collaboratorRoles, 'owner']).describe('What the caller may do: viewer < analyst < editor < owner.'),
});

export const questionRecord = z.strictObject({
  id: z.string(),
  survey_id: z.string(),
  position: z.number().int(),
  version: z.string().describe('Changes whenever the question is edited; send it back with update_question to edit only what you read.'),
  type: questionType,
  text: z.string(),
  description: z.string(),
  required: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  choices: z.array(z.strictObject({ id: z.string(), position: z.number().int(), label: z.string() })),
});

export const collaboratorRecord = z.strictObject({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: collaboratorRole,
  granted_by: z.string(),
  granted_at: timestamp,
});

const answerRecord = z.strictObject({
  question_id: z.string(),
  type: questionType,
  value: z
    .union([z.string(), z.number(), z.array(z.string())])
    .describe('A label (single_choice), labels (multiple_choice), a number, a text or an ISO date.'),
  choice_ids: z.array(z.string()).optional(),
  truncated: z.boolean().optional().describe('True when a long text was cut; get_response has the full text.'),
  question_text: z.string().optional(),
});

export const responseRecord = z.strictObject({
  id: z.string(),
  survey_id: z.string(),
  status: responseStatus,
  channel: z.string(),
  respondent: z
    .strictObject({ email: z.string().nullable(), name: z.string().nullable() })
    .nullable()
    .describe('Null on anonymous surveys.'),
  started_at: timestamp,
  submitted_at: timestamp,
  duration_seconds: z.number().nullable(),
  answers: z.array(answerRecord),
});

const share = { count: z.number().int(), percent: z.number() };

export const questionResultRecord = z.strictObject({
  question_id: z.string(),
  type: questionType,
  text: z.string(),
  answered: z.number().int(),
  choices: z.array(z.strictObject({ choice_id: z.string(), label: z.string(), ...share })).optional(),
  distribution: z.array(z.strictObject({ value: z.number(), ...share })).optional(),
  mean: z.number().nullable().optional(),
  median: z.number().nullable().optional(),
  min: z.number().nullable().optional(),
  max: z.number().nullable().optional(),
  nps: z
    .strictObject({
      promoters: z.number().int(),
      passives: z.number().int(),
      detractors: z.number().int(),
      promoters_percent: z.number(),
      passives_percent: z.number(),
      detractors_percent: z.number(),
      score: z.number().nullable(),
    })
    .optional(),
  earliest: z.string().nullable().optional(),
  latest: z.string().nullable().optional(),
  samples: z
    .array(z.strictObject({ response_id: z.string(), text: z.string(), truncated: z.boolean(), submitted_at: timestamp }))
    .optional(),
  samples_hidden: z.string().optional(),
});

/** The paging fields every list returns. */
export const auditEventRecord = z.strictObject({
  id: z.string(),
  at: timestamp,
  action: z.string().describe('survey.create, survey.update, survey.status, question.add, question.update, question.delete, survey.share or account.create-sso.'),
  user_id: z.string().nullable().describe('Who acted.'),
  user_email: z.string().nullable(),
  client_id: z.string().nullable().describe('The app it went through (an OAuth client), if any.'),
  client_name: z.string().nullable(),
  survey_id: z.string().nullable(),
  address: z.string().nullable().describe('The address the request came from.'),
  detail: z.record(z.string(), z.unknown()).describe('What changed: a status from and to, the fields edited, a share.'),
});

export const pageOf = (what: string) => ({
  next_cursor: z.string().nullable().describe('Pass as cursor for the next page, with the same filters; null on the last page.'),
  total: z.number().int().describe(`How many ${what} match, over all pages.`),
});
