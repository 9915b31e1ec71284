import { id, type Fixture } from '../platform/fixture.js';

export type Person = Parameters<typeof id>[0];

/**
 * Every tool at least once answering and once failing, as people of different roles, on the
 * platform fixture; `draftQuestion` is a question of a draft survey without responses, which may
 * be deleted.
 */
export function toolCases(f: Fixture, draftQuestion: string): Array<[string, unknown, Person]> {
  const survey = f.surveyId;
  const question = f.q.why;
  return [
    ['get_me', {}, 'owner'],
    ['get_me', undefined, 'viewer'],
    ['list_surveys', {}, 'admin'],
    ['list_surveys', { status: 'bogus' }, 'admin'],
    ['get_survey', { survey_id: survey }, 'owner'],
    ['get_survey', { survey_id: survey }, 'member'],
    ['get_survey', { survey_id: survey }, 'stranger'],
    ['get_survey', { survey_id: 'srv_missing' }, 'owner'],
    ['get_survey', {}, 'owner'],
    ['get_survey', { survey_id: survey, colour: 'red' }, 'owner'],
    ['get_survey_results', { survey_id: survey }, 'owner'],
    ['get_survey_results', { survey_id: survey, segment_by: f.q.plan }, 'admin'],
    ['list_responses', { survey_id: survey, limit: 2 }, 'owner'],
    ['list_responses', { survey_id: survey, limit: '5' }, 'owner'],
    ['get_response', { response_id: 'rsp_f00' }, 'owner'],
    ['get_response', { response_id: 'rsp_missing' }, 'owner'],
    ['create_survey', { workspace_id: 'wsp_a', title: 'Made twice', questions: [{ type: 'short_text', text: 'Why?' }] }, 'member'],
    ['create_survey', { workspace_id: 'wsp_a', title: '' }, 'member'],
    ['update_survey', { survey_id: survey, title: 'Renamed' }, 'owner'],
    ['update_survey', { survey_id: survey, title: 'Renamed' }, 'viewer'],
    ['add_question', { survey_id: survey, type: 'short_text', text: 'More?' }, 'owner'],
    ['update_question', { question_id: question, text: 'Why, really?' }, 'owner'],
    ['delete_question', { question_id: draftQuestion }, 'owner'],
    ['delete_question', { question_id: question }, 'owner'],
    ['set_survey_status', { survey_id: survey, status: 'paused' }, 'owner'],
    ['set_survey_status', { survey_id: survey, status: 'draft' }, 'owner'],
    ['share_survey', { survey_id: survey, user_email: 'viewer@test.example', role: 'viewer' }, 'owner'],
    ['share_survey', { survey_id: survey, user_email: 'viewer@test.example', role: 'king' }, 'owner'],
    ['list_audit_events', { workspace_id: 'wsp_a', limit: 2 }, 'admin'],
    ['list_audit_events', { workspace_id: 'wsp_a', since: 'yesterday' }, 'admin'],
    ['list_audit_events', { workspace_id: 'wsp_a' }, 'owner'],
    ['list_audit_events', { workspace_id: 'wsp_missing' }, 'admin'],
    ['no_such_tool', {}, 'owner'],
  ];
}

/**
 * The text with each sealed confirmation (a compact JWE: random IV and id each time it is made)
 * replaced by `<sealed>`, and its `expires_at` by `<expiry>`: two paths answering the same call
 * seal alike, never byte for byte, and a whole second may tick between them.
 */
export const withoutSeals = (text: string): string =>
  text.replace(/eyJ[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+/g, '<sealed>').replace(/(expires_at\\*"\s*:\s*\\*")\d{4}-\d\d-\d\dT[\d:.]+Z/g, '$1<expiry>');
