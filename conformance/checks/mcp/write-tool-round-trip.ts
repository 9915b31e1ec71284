import { fail, skip, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { isObject } from '../../mcp.js';
import { legacyTools } from '../shared/legacy-tools.js';
import { callToolOfSchema } from '../shared/read-tools.js';
import { callToolOk } from '../shared/tool-call.js';

const EDITED_TEXT = 'Edited by survey-mcp conformance';

const CHOICES = ['Kept', 'Kept too'];
const RELABELLED = 'Kept, relabelled by survey-mcp conformance';
const ADDED = 'Added by survey-mcp conformance';

/** Question `index` of a survey as create_survey or get_survey answer it: `{survey, questions}`. */
function questionAt(detail: Record<string, unknown>, index: number, what: string): Record<string, unknown> {
  const questions = detail['questions'];
  const question: unknown = Array.isArray(questions) ? questions[index] : undefined;
  if (!isObject(question) || typeof question['id'] !== 'string') fail(`${what}: "questions" holds no question ${index + 1} with an id: ${JSON.stringify(questions)?.slice(0, 160)}`);
  return question;
}

/** The `{id, label}` of each choice of a question, as the tools answer it. */
function choicesOf(question: Record<string, unknown>): { id: unknown; label: unknown }[] {
  return (Array.isArray(question['choices']) ? question['choices'] : []).filter(isObject).map((choice) => ({ id: choice['id'], label: choice['label'] }));
}

/** Why the choices differ from the edit asked for (the first kept and relabelled, the second kept, one added), or undefined. */
function choiceEditProblem(question: Record<string, unknown>, before: readonly { id: unknown }[]): string | undefined {
  const after = choicesOf(question);
  const [first, second, added] = after;
  const kept = first?.id === before[0]?.id && first?.label === RELABELLED && second?.id === before[1]?.id;
  const isNew = added !== undefined && added.label === ADDED && typeof added.id === 'string' && !before.some((choice) => choice.id === added.id);
  return kept && isNew && after.length === 3 ? undefined : `the choices are ${JSON.stringify(after).slice(0, 240)}, not the first relabelled, the second kept (by id) and one added`;
}

/** update_question of the choice question: keeps both choices by id, relabels the first, adds one; read back with get_survey. */
async function editChoices(ctx: CheckContext, surveyId: string, created: Record<string, unknown>): Promise<void> {
  const question = questionAt(created, 1, 'create_survey');
  const before = choicesOf(question);
  if (before.length !== CHOICES.length || before.some((choice) => typeof choice.id !== 'string')) fail(`create_survey: the single_choice question's choices are ${JSON.stringify(before)}, not its two with ids`);
  const choices = [{ id: before[0]!.id, label: RELABELLED }, { id: before[1]!.id, label: CHOICES[1] }, { label: ADDED }];
  const { structured: updated } = await callToolOk(ctx, 'update_question', { question_id: question['id'], choices });
  const answered = isObject(updated['question']) ? choiceEditProblem(updated['question'], before) : 'it holds no "question"';
  if (answered) fail(`update_question with choices ${JSON.stringify(choices)}: ${answered}`);
  const { structured: reread } = await callToolOk(ctx, 'get_survey', { survey_id: surveyId });
  const kept = choiceEditProblem(questionAt(reread, 1, 'get_survey'), before);
  if (kept) fail(`get_survey after update_question with choices: ${kept}`);
}

/**
 * share_survey removing the signed-in person's share of the run's survey, which they never had
 * (they own it, and nobody else has one): nothing changes and nothing is asked, and the answer is
 * of the outputSchema tools/list advertises.
 */
async function unshareUnchanged(ctx: CheckContext, surveyId: string, email: string): Promise<void> {
  const args = { survey_id: surveyId, user_email: email, role: 'none' };
  const shared = await callToolOfSchema(ctx, await legacyTools(ctx), 'share_survey', args);
  const { collaborators } = shared;
  if (shared['survey_id'] !== surveyId || shared['changed'] !== false || !Array.isArray(collaborators) || collaborators.length !== 0) {
    fail(`share_survey ${JSON.stringify(args)}: expected the survey unchanged and shared with nobody ({"survey_id": "${surveyId}", "collaborators": [], "changed": false}), got ${JSON.stringify(shared).slice(0, 240)}`);
  }
}

/** Creates a draft survey of the run's own, edits its questions and reads them back, shares it with nobody; archives it whatever happened. */
async function roundTrip(ctx: CheckContext, workspaceId: string, email: string): Promise<string> {
  const { structured: created } = await callToolOk(ctx, 'create_survey', {
    workspace_id: workspaceId,
    title: 'survey-mcp conformance: write check (archived by the run)',
    questions: [
      { type: 'short_text', text: 'Written by survey-mcp conformance' },
      { type: 'single_choice', text: 'Chosen by survey-mcp conformance', choices: CHOICES },
    ],
  });
  const survey = created['survey'];
  const surveyId = isObject(survey) ? survey['id'] : undefined;
  if (typeof surveyId !== 'string') fail(`create_survey: "survey" has no id: ${JSON.stringify(created).slice(0, 160)}`);
  try {
    const questionId = String(questionAt(created, 0, 'create_survey')['id']);
    const { structured: updated } = await callToolOk(ctx, 'update_question', { question_id: questionId, text: EDITED_TEXT });
    const question = updated['question'];
    const answered = isObject(question) ? question['text'] : undefined;
    if (answered !== EDITED_TEXT) fail(`update_question: the question's text is ${JSON.stringify(answered)}, not the one asked for`);
    const { structured: reread } = await callToolOk(ctx, 'get_survey', { survey_id: surveyId });
    const text = questionAt(reread, 0, 'get_survey')['text'];
    if (text !== EDITED_TEXT) fail(`get_survey after update_question: the question's text is ${JSON.stringify(text)}, the edit was not kept`);
    await editChoices(ctx, surveyId, created);
    await unshareUnchanged(ctx, surveyId, email);
  } finally {
    const { structured: archived } = await callToolOk(ctx, 'set_survey_status', { survey_id: surveyId, status: 'archived' });
    const status = isObject(archived['survey']) ? archived['survey']['status'] : undefined;
    if (status !== 'archived') fail(`set_survey_status archived: the survey's status is ${JSON.stringify(status)}`);
  }
  return `created ${surveyId}, edited its question's text and its choice question's choices (update_question: one relabelled by id, one kept, one added), read the edits back, removed a share nobody had (share_survey: unchanged, of its outputSchema) and archived it`;
}

export const writeToolRoundTrip: Check = {
  id: 'write-tool-round-trip',
  group: 'mcp',
  title: "Write tools succeed: a survey the run creates has a question's text and another's choices edited, the edits read back, a share nobody had removed (unchanged), then it is archived",
  spec: 'the design\'s tools (create_survey, update_question, get_survey, share_survey, set_survey_status); MCP 2025-11-25 server/tools "Calling Tools", "Output Schema" (structured results conform to it)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { structured: me } = await callToolOk(ctx, 'get_me', {});
    const workspaces = Array.isArray(me['workspaces']) ? me['workspaces'].filter(isObject) : [];
    const workspace = workspaces.find((candidate) => typeof candidate['id'] === 'string');
    if (!workspace) skip('get_me lists no workspace for the signed-in person, so there is nowhere to create a survey');
    const email = isObject(me['user']) ? me['user']['email'] : undefined;
    if (typeof email !== 'string') fail(`get_me: "user" has no email: ${JSON.stringify(me['user'])?.slice(0, 160)}`);
    return roundTrip(ctx, String(workspace['id']), email);
  },
};
