import { CONFIRMATION_TOOLS, FAKE_WORKSPACE, type ConfirmableCall, type ConfirmationOutcome, type FakeSurveys } from './confirmations.js';
import type { Faults } from './faults.js';
import { ALICE } from './state.js';
import { GET_RESPONSE_OUTPUT, survivorTool } from './survivors.js';
import { limitTooSmall, shareSurveyOutputSchema } from './fresh-seed.js';

const FORBIDDEN_SURVEY_ID = 'srv_demo_offsite';
const VISIBLE_SURVEY = { id: 'srv_alpha', title: 'Product feedback', status: 'open', my_role: 'owner', response_counts: { completed: 150, partial: 0, disqualified: 0 } };
const VISIBLE_QUESTIONS = [{ id: 'qst_feedback', position: 1, type: 'long_text', text: 'What should we change?', choices: [] }];

const QUESTION_OUTPUT = {
  type: 'object',
  properties: { id: { type: 'string' }, position: { type: 'integer' }, type: { type: 'string' }, text: { type: 'string' }, choices: { type: 'array' } },
  required: ['id', 'position', 'type', 'text', 'choices'],
  additionalProperties: false,
};

export const TOOL_LIST = [
  {
    name: 'get_me',
    description: 'The signed-in person',
    inputSchema: { type: 'object', properties: {} },
    outputSchema: {
      type: 'object',
      properties: {
        user: { type: 'object', properties: { id: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' } }, required: ['id', 'email', 'name'] },
        workspaces: { type: 'array' },
      },
      required: ['user', 'workspaces'],
    },
  },
  {
    name: 'get_survey',
    description: 'One survey',
    inputSchema: { type: 'object', properties: { survey_id: { type: 'string' } }, required: ['survey_id'] },
    outputSchema: {
      type: 'object',
      properties: { survey: { type: 'object' }, questions: { type: 'array', items: QUESTION_OUTPUT } },
      required: ['survey', 'questions'],
    },
  },
  {
    name: 'get_response',
    description: 'One response in full',
    inputSchema: { type: 'object', properties: { response_id: { type: 'string' } }, required: ['response_id'] },
    outputSchema: GET_RESPONSE_OUTPUT,
  },
  {
    name: 'list_surveys',
    description: 'Surveys the person may open',
    inputSchema: { type: 'object', properties: { limit: { type: 'integer' } } },
  },
  {
    name: 'share_survey',
    description: "Gives a person a role on a survey, or removes it with role none",
    inputSchema: {
      type: 'object',
      properties: { survey_id: { type: 'string' }, user_email: { type: 'string' }, role: { type: 'string', enum: ['viewer', 'analyst', 'editor', 'none'] } },
      required: ['survey_id', 'user_email', 'role'],
    },
    outputSchema: shareSurveyOutputSchema({}),
  },
  ...CONFIRMATION_TOOLS,
];

export type ToolOutcome = ConfirmationOutcome;

/** Where a call writes, and who makes it how (the era's confirmation extras). */
export interface ToolCaller {
  readonly surveys: FakeSurveys;
  readonly call: ConfirmableCall;
}

/**
 * Three of the real server's read-only tools, enough to produce each kind of tool error, and the
 * writes a runner makes on its own scratch survey (confirmations.ts).
 */
export function callTool(name: string, args: Record<string, unknown>, faults: Faults, caller: ToolCaller): ToolOutcome {
  const { surveys } = caller;
  const survivor = survivorTool(name, args, faults, VISIBLE_SURVEY.id, surveys);
  if (survivor) return survivor;
  switch (name) {
    case 'get_me':
      return { ok: { user: { id: ALICE.id, email: ALICE.email, name: ALICE.name }, workspaces: faults.withoutWriteAccess ? [] : [FAKE_WORKSPACE] } };
    case 'share_survey':
      return shareSurvey(args, faults, surveys);
    case 'create_survey':
      return surveys.create(args);
    case 'set_survey_status':
      return surveys.setStatus(args);
    case 'delete_question':
      return surveys.deleteQuestion(args, caller.call, faults.confirmationFault);
    case 'get_survey': {
      const id = String(args['survey_id'] ?? '');
      if (id === VISIBLE_SURVEY.id) {
        const questions = faults.questionRecordsOffSchema ? VISIBLE_QUESTIONS.map((question) => ({ ...question, hint: '' })) : VISIBLE_QUESTIONS;
        return { ok: { survey: VISIBLE_SURVEY, questions } };
      }
      const scratch = surveys.detail(id);
      if (scratch) return { ok: scratch };
      if (id === FORBIDDEN_SURVEY_ID && !faults.withoutDemoSurvey) {
        return faults.forbiddenSurveyVisible
          ? { ok: { id, title: "Carol's survey", status: 'open' } }
          : { error: `not authorized to open survey '${id}'` };
      }
      return { error: `survey '${id}' not found` };
    }
    case 'list_surveys': {
      const limit = Number(args['limit'] ?? 25);
      if (limit < 1) return limitTooSmall(faults);
      if (limit > 100) {
        return { error: faults.validationMessageWithoutPrefix ? 'limit too large' : "validation failed: 'limit' must be at most 100" };
      }
      return { ok: { surveys: [VISIBLE_SURVEY], next_cursor: null, total: 1 } };
    }
    default:
      return { error: `unknown tool '${name}'` };
  }
}

/**
 * share_survey on the run's scratch surveys, which nobody shares: removing the person's own share,
 * which they never had, changes nothing; anything else is beyond the fake.
 */
function shareSurvey(args: Record<string, unknown>, faults: Faults, surveys: FakeSurveys): ToolOutcome {
  if (faults.shareSurveyArgumentsRefused) return { error: "validation failed: unknown arguments 'survey_id', 'user_email', 'role'" };
  const id = String(args['survey_id'] ?? '');
  if (!surveys.detail(id)) return { error: `survey '${id}' not found` };
  if (args['user_email'] !== ALICE.email || args['role'] !== 'none') return { error: 'validation failed: the fake shares with nobody' };
  return { ok: { survey_id: id, collaborators: [], changed: false } };
}
