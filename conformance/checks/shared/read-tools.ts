/**
 * Read tools called on the deployment's own data (2025-11-25): the surveys the person is shown,
 * and a tool's answer held to the outputSchema that tools/list advertised for it.
 */
import { fail } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { isObject } from '../../mcp.js';
import { callToolOk } from './tool-call.js';
import { structuredContentProblem } from './tool-definitions.js';

/** The roles that may read a survey's responses (the contract's role table). */
const READS_RESPONSES = ['analyst', 'editor', 'owner'];

export interface ListedSurvey {
  readonly id: string;
  readonly myRole: string;
  readonly responses: number;
}

/** The first 100 surveys list_surveys shows the person, with their role and response count. */
export async function listedSurveys(ctx: CheckContext): Promise<ListedSurvey[]> {
  const { structured } = await callToolOk(ctx, 'list_surveys', { limit: 100 });
  const surveys = Array.isArray(structured['surveys']) ? structured['surveys'].filter(isObject) : [];
  return surveys
    .filter((survey) => typeof survey['id'] === 'string')
    .map((survey) => {
      const counts = isObject(survey['response_counts']) ? Object.values(survey['response_counts']) : [];
      const responses = counts.reduce((sum: number, count) => sum + (typeof count === 'number' ? count : 0), 0);
      return { id: String(survey['id']), myRole: String(survey['my_role']), responses };
    });
}

/** The surveys with responses the person may read (analyst or above), fullest first. */
export async function fullestSurveys(ctx: CheckContext): Promise<ListedSurvey[]> {
  return (await listedSurveys(ctx))
    .filter((survey) => survey.responses > 0 && READS_RESPONSES.includes(survey.myRole))
    .sort((a, b) => b.responses - a.responses);
}

/**
 * Calls `name` and holds its structuredContent to the outputSchema `tools` advertise for it
 * ("Output Schema", MUST conform); a tool advertised without one is held to nothing more.
 */
export async function callToolOfSchema(
  ctx: CheckContext,
  tools: readonly Readonly<Record<string, unknown>>[],
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { structured } = await callToolOk(ctx, name, args);
  const schema = tools.find((tool) => tool['name'] === name)?.['outputSchema'];
  const problem = isObject(schema) ? structuredContentProblem(structured, schema, name) : undefined;
  if (problem) fail(`tools/call ${name} ${JSON.stringify(args)}: ${problem}`);
  return structured;
}
