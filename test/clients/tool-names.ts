/** The 14 tools every client must list, sorted. */
export const toolNames = [
  'add_question',
  'create_survey',
  'delete_question',
  'get_me',
  'get_response',
  'get_survey',
  'get_survey_results',
  'list_audit_events',
  'list_responses',
  'list_surveys',
  'set_survey_status',
  'share_survey',
  'update_question',
  'update_survey',
];
