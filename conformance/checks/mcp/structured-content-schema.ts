import { fail, skip, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { legacyResult, legacyTools } from '../shared/legacy-tools.js';
import { callToolOfSchema, listedSurveys } from '../shared/read-tools.js';
import { callableToolWithOutputSchema, structuredContentProblem } from '../shared/tool-definitions.js';

/** get_survey of the first survey listed, questions included, held to get_survey's advertised outputSchema. */
async function surveyOfSchema(ctx: CheckContext, tools: readonly Readonly<Record<string, unknown>>[]): Promise<string> {
  if (!tools.some((tool) => tool['name'] === 'get_survey' && tool['outputSchema'] !== undefined)) return 'get_survey declares no outputSchema';
  const [survey] = await listedSurveys(ctx);
  if (!survey) return 'list_surveys shows no survey, so get_survey was not called';
  await callToolOfSchema(ctx, tools, 'get_survey', { survey_id: survey.id });
  return `get_survey ${survey.id}: structuredContent of its outputSchema, questions included`;
}

export const structuredContentSchema: Check = {
  id: 'structured-content-schema',
  group: 'mcp',
  title: 'A tool with an outputSchema returns structuredContent of that schema (a tool without arguments, and get_survey with its questions)',
  spec: 'MCP 2025-11-25 server/tools "Output Schema" (servers MUST provide structured results that conform to this schema)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const tools = await legacyTools(ctx);
    const tool = callableToolWithOutputSchema(tools);
    if (!tool) skip('no tool that takes no arguments declares an outputSchema');
    const name = String(tool['name']);
    const result = await legacyResult(ctx, 'tools/call', { name, arguments: {} });
    if (result['isError'] === true) skip(`tools/call ${name} answered a tool error, which carries no structured result`);
    const problem = structuredContentProblem(result['structuredContent'], tool['outputSchema'] as Record<string, unknown>, name);
    if (problem) fail(`tools/call ${name}: ${problem}`);
    return `${name}: structuredContent of its outputSchema; ${await surveyOfSchema(ctx, tools)}`;
  },
};
