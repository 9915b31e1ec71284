import { fail, skip, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { isObject } from '../../mcp.js';
import { callToolOk } from '../shared/tool-call.js';

const EDITED_TEXT = 'Edited by survey-mcp conformance';

/** The first question of a survey as create_survey or get_survey answer it: `{survey, questions}`. */
function firstQuestion(detail: Record<string, unknown>, what: string): Record<string, unknown> {
  const questions = detail['questions'];
  const first: unknown = Array.isArray(questions) ? questions[0] : undefined;
  if (!isObject(first) || typeof first['id'] !== 'string') fail(`${what}: "questions" holds no question with an id: ${JSON.stringify(questions)?.slice(0, 160)}`);
  return first;
}

/** Creates a draft survey of the run's own, edits its question and reads it back; archives it whatever happened. */
async function roundTrip(ctx: CheckContext, workspaceId: string): Promise<string> {
  const { structured: created } = await callToolOk(ctx, 'create_survey', {
    workspace_id: workspaceId,
    title: 'survey-mcp conformance: write check (archived by the run)',
    questions: [{ type: 'short_text', text: 'Written by survey-mcp conformance' }],
  });
  const survey = created['survey'];
  const surveyId = isObject(survey) ? survey['id'] : undefined;
  if (typeof surveyId !== 'string') fail(`create_survey: "survey" has no id: ${JSON.stringify(created).slice(0, 160)}`);
  try {
    const questionId = String(firstQuestion(created, 'create_survey')['id']);
    const { structured: updated } = await callToolOk(ctx, 'update_question', { question_id: questionId, text: EDITED_TEXT });
    const question = updated['question'];
    const answered = isObject(question) ? question['text'] : undefined;
    if (answered !== EDITED_TEXT) fail(`update_question: the question's text is ${JSON.stringify(answered)}, not the one asked for`);
    const { structured: reread } = await callToolOk(ctx, 'get_survey', { survey_id: surveyId });
    const text = firstQuestion(reread, 'get_survey')['text'];
    if (text !== EDITED_TEXT) fail(`get_survey after update_question: the question's text is ${JSON.stringify(text)}, the edit was not kept`);
  } finally {
    const { structured: archived } = await callToolOk(ctx, 'set_survey_status', { survey_id: surveyId, status: 'archived' });
    const status = isObject(archived['survey']) ? archived['survey']['status'] : undefined;
    if (status !== 'archived') fail(`set_survey_status archived: the survey's status is ${JSON.stringify(status)}`);
  }
  return `created ${surveyId}, edited its question (update_question), read the edit back and archived it`;
}

export const writeToolRoundTrip: Check = {
  id: 'write-tool-round-trip',
  group: 'mcp',
  title: "Write tools succeed: a survey the run creates has its question edited, the edit read back, then it is archived",
  spec: 'the design\'s tools (create_survey, update_question, get_survey, set_survey_status); MCP 2025-11-25 server/tools "Calling Tools"',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { structured: me } = await callToolOk(ctx, 'get_me', {});
    const workspaces = Array.isArray(me['workspaces']) ? me['workspaces'].filter(isObject) : [];
    const workspace = workspaces.find((candidate) => typeof candidate['id'] === 'string');
    if (!workspace) skip('get_me lists no workspace for the signed-in person, so there is nowhere to create a survey');
    return roundTrip(ctx, String(workspace['id']));
  },
};
