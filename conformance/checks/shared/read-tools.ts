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

/**
 * Pages list_surveys reads at most: 5,000 surveys. A store that earlier runs (or people) filled
 * keeps its surveys with responses on any page, so the runner reads them all, once a run.
 */
const MAX_PAGES = 50;

/** Every survey list_surveys shows the person (following next_cursor), with their role and response count. */
export function listedSurveys(ctx: CheckContext): Promise<ListedSurvey[]> {
  return ctx.once('list the surveys the person is shown', async () => {
    const listed: ListedSurvey[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const { structured } = await callToolOk(ctx, 'list_surveys', { limit: 100, ...(cursor === undefined ? {} : { cursor }) });
      const surveys = Array.isArray(structured['surveys']) ? structured['surveys'].filter(isObject) : [];
      listed.push(...surveys.filter((survey) => typeof survey['id'] === 'string').map(listedSurvey));
      const next = structured['next_cursor'];
      if (typeof next !== 'string' || next === '' || surveys.length === 0) break;
      cursor = next;
    }
    return listed;
  });
}

function listedSurvey(survey: Record<string, unknown>): ListedSurvey {
  const counts = isObject(survey['response_counts']) ? Object.values(survey['response_counts']) : [];
  const responses = counts.reduce((sum: number, count) => sum + (typeof count === 'number' ? count : 0), 0);
  return { id: String(survey['id']), myRole: String(survey['my_role']), responses };
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
