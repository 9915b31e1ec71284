import type { Faults } from './faults.js';
import { ALICE } from './state.js';
import { survivorTool } from './survivors.js';

const FORBIDDEN_SURVEY_ID = 'srv_demo_offsite';
const VISIBLE_SURVEY = { id: 'srv_alpha', title: 'Product feedback', status: 'open', my_role: 'owner', response_counts: { completed: 150, partial: 0, disqualified: 0 } };

export const TOOL_LIST = [
  {
    name: 'get_me',
    description: 'The signed-in person',
    inputSchema: { type: 'object', properties: {} },
    outputSchema: {
      type: 'object',
      properties: { id: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' }, workspaces: { type: 'array' } },
      required: ['id', 'email', 'workspaces'],
    },
  },
  {
    name: 'get_survey',
    description: 'One survey',
    inputSchema: { type: 'object', properties: { survey_id: { type: 'string' } }, required: ['survey_id'] },
  },
  {
    name: 'list_surveys',
    description: 'Surveys the person may open',
    inputSchema: { type: 'object', properties: { limit: { type: 'integer' } } },
  },
];

export type ToolOutcome = { readonly ok: Record<string, unknown> } | { readonly error: string };

/** Three of the real server's tools, enough to produce each kind of tool error. */
export function callTool(name: string, args: Record<string, unknown>, faults: Faults): ToolOutcome {
  const survivor = survivorTool(name, args, faults, VISIBLE_SURVEY.id);
  if (survivor) return survivor;
  switch (name) {
    case 'get_me':
      return { ok: { id: ALICE.id, email: ALICE.email, name: ALICE.name, workspaces: [{ id: 'wsp_alpha', name: 'Alpha', role: 'member' }] } };
    case 'get_survey': {
      const id = String(args['survey_id'] ?? '');
      if (id === VISIBLE_SURVEY.id) return { ok: VISIBLE_SURVEY };
      if (id === FORBIDDEN_SURVEY_ID && !faults.withoutDemoSurvey) {
        return faults.forbiddenSurveyVisible
          ? { ok: { id, title: "Carol's survey", status: 'open' } }
          : { error: `not authorized to open survey '${id}'` };
      }
      return { error: `survey '${id}' not found` };
    }
    case 'list_surveys': {
      const limit = Number(args['limit'] ?? 25);
      if (limit > 100) {
        return { error: faults.validationMessageWithoutPrefix ? 'limit too large' : "validation failed: 'limit' must be at most 100" };
      }
      return { ok: { surveys: [VISIBLE_SURVEY], next_cursor: null, total: 1 } };
    }
    default:
      return { error: `unknown tool '${name}'` };
  }
}
