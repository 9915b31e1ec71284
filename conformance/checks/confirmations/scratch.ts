import { randomUUID } from 'node:crypto';
import { fail, skip } from '../../check.js';
import type { CheckContext } from '../../context.js';
import type { SpokenEra } from '../../each-era.js';
import { isObject, toolErrorMessage } from '../../mcp.js';
import { callTool, payloadOf, resultOf, toolPayload } from './calls.js';

/** A question of the runner's scratch survey: its id and the text a confirmation should name. */
export interface ScratchQuestion {
  readonly id: string;
  readonly text: string;
}

/** A draft survey the runner made for itself, with two questions it may delete. */
export interface ScratchSurvey {
  readonly id: string;
  readonly title: string;
  readonly questions: readonly [ScratchQuestion, ScratchQuestion];
}

/**
 * Runs `work` on a fresh scratch survey in `era` and archives the survey afterwards, whatever
 * happened: a conformance run changes no survey but its own, and leaves none of them in use.
 */
export async function withScratchSurvey<T>(ctx: CheckContext, era: SpokenEra, work: (survey: ScratchSurvey) => Promise<T>): Promise<T> {
  const survey = await createScratchSurvey(ctx, era);
  try {
    return await work(survey);
  } finally {
    // Best effort: a refused archive is seen in the evidence and must not hide the check's own verdict.
    await callTool(ctx, era, { name: 'set_survey_status', arguments: { survey_id: survey.id, status: 'archived' } }).catch(() => undefined);
  }
}

/**
 * create_survey with two short-text questions in the first workspace where the signed-in person may
 * create one (get_me). A person without write access (no such workspace, or a refusal that says
 * they are not authorized) is not the deployment's fault: the check skips with the evidence.
 */
async function createScratchSurvey(ctx: CheckContext, era: SpokenEra): Promise<ScratchSurvey> {
  const me = await toolPayload(ctx, era, 'get_me', {}, `${era}: get_me`);
  const workspaces = Array.isArray(me['workspaces']) ? me['workspaces'].filter(isObject) : [];
  const workspace = workspaces.find((candidate) => candidate['role'] === 'admin' || candidate['role'] === 'member');
  if (typeof workspace?.['id'] !== 'string') {
    skip(`the signed-in person may create surveys in no workspace (get_me lists ${JSON.stringify(me['workspaces'])?.slice(0, 160)}): sign in as a person with write access to check confirmations`);
  }
  const tag = randomUUID().slice(0, 8);
  const title = `survey-mcp conformance scratch ${tag}`;
  const texts = [`Scratch question one (${tag})`, `Scratch question two (${tag})`];
  const args = { workspace_id: workspace['id'], title, questions: texts.map((text) => ({ type: 'short_text', text })) };
  const result = resultOf(await callTool(ctx, era, { name: 'create_survey', arguments: args }), `${era}: create_survey`);
  const refusal = result.isError === true ? (toolErrorMessage(result) ?? '') : undefined;
  if (refusal !== undefined && /not authori[sz]ed|forbidden|permission|scope|read-only/i.test(refusal)) {
    skip(`the signed-in person may not create a survey: create_survey answered "${refusal}"; sign in as a person with write access to check confirmations`);
  }
  if (refusal !== undefined) fail(`${era}: create_survey in workspace "${String(workspace['id'])}": tool error "${refusal}"`);
  const detail = payloadOf(result) ?? {};
  const id = surveyOf(detail)['id'];
  const ids = texts.map((text) => questionsOf(detail).find((question) => question['text'] === text)?.['id']);
  if (typeof id !== 'string' || !ids.every((each): each is string => typeof each === 'string')) {
    fail(`${era}: create_survey answered ${JSON.stringify(detail).slice(0, 200)}, without the survey's id and its two questions' ids`);
  }
  return { id, title, questions: [{ id: ids[0]!, text: texts[0]! }, { id: ids[1]!, text: texts[1]! }] };
}

/** The survey record of a survey's detail (as get_survey returns it): under "survey", or the detail itself. */
function surveyOf(detail: Record<string, unknown>): Record<string, unknown> {
  return isObject(detail['survey']) ? detail['survey'] : detail;
}

/** The questions of a survey's detail, beside its record or inside it. */
function questionsOf(detail: Record<string, unknown>): Record<string, unknown>[] {
  const questions = detail['questions'] ?? surveyOf(detail)['questions'];
  return Array.isArray(questions) ? questions.filter(isObject) : [];
}

/** Whether the scratch survey still has `question` (get_survey). */
export async function stillHas(ctx: CheckContext, era: SpokenEra, survey: ScratchSurvey, question: ScratchQuestion): Promise<boolean> {
  const detail = await toolPayload(ctx, era, 'get_survey', { survey_id: survey.id }, `${era}: get_survey "${survey.id}"`);
  return questionsOf(detail).some((candidate) => candidate['id'] === question.id);
}
