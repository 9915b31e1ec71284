import { fail, skip, type Check } from '../../check.js';
import { expectModernResult, modernTools } from '../../modern-expect.js';
import { isObject } from '../../mcp.js';
import { MODERN_SPEC } from '../../modern.js';
import { callableToolWithOutputSchema, structuredContentProblem } from '../shared/tool-definitions.js';
import type { CheckContext } from '../../context.js';

/**
 * get_survey of the first survey listed, in this era: a serializer of its own may write what the
 * 2025-11-25 answer keeps right (a question's integer position) another way.
 */
async function modernSurveyOfSchema(ctx: CheckContext, tools: readonly Readonly<Record<string, unknown>>[]): Promise<string> {
  const schema = tools.find((tool) => tool['name'] === 'get_survey')?.['outputSchema'];
  if (schema === undefined) return 'get_survey declares no outputSchema';
  // Listed in this era too: a deployment may speak 2026-07-28 alone.
  const listing = expectModernResult(await ctx.modern.request(() => ctx.accessToken(), 'tools/call', { name: 'list_surveys', arguments: { limit: 1 } }), 'tools/call list_surveys');
  const surveys = isObject(listing['structuredContent']) ? listing['structuredContent']['surveys'] : undefined;
  const survey = Array.isArray(surveys) && isObject(surveys[0]) && typeof surveys[0]['id'] === 'string' ? { id: surveys[0]['id'] } : undefined;
  if (!survey) return 'list_surveys shows no survey, so get_survey was not called';
  const args = { survey_id: survey.id };
  const result = expectModernResult(await ctx.modern.request(() => ctx.accessToken(), 'tools/call', { name: 'get_survey', arguments: args }), `tools/call get_survey ${survey.id}`);
  if (result['isError'] === true) return `get_survey ${survey.id} answered a tool error`;
  const problem = structuredContentProblem(result['structuredContent'], schema as Record<string, unknown>, 'get_survey');
  if (problem) fail(`tools/call get_survey ${JSON.stringify(args)}: ${problem}`);
  return `get_survey ${survey.id}: structuredContent of its outputSchema, questions included`;
}

export const modernStructuredContentSchema: Check = {
  id: 'modern-structured-content-schema',
  group: 'modern-mcp',
  title: 'A tool with an outputSchema returns structuredContent of its type, with its required properties of their types (a tool without arguments, and get_survey with its questions)',
  spec: `${MODERN_SPEC} server/tools "Output Schema" (servers MUST provide structured results that conform to this schema)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const tools = await modernTools(ctx);
    const tool = callableToolWithOutputSchema(tools);
    if (!tool) skip('no tool that takes no arguments declares an outputSchema');
    const name = String(tool['name']);
    const result = expectModernResult(await ctx.modern.request(() => ctx.accessToken(), 'tools/call', { name, arguments: {} }), `tools/call ${name}`);
    if (result['isError'] === true) skip(`tools/call ${name} answered a tool error, which carries no structured result: ${JSON.stringify(result['content']).slice(0, 160)}`);
    const problem = structuredContentProblem(result['structuredContent'], tool['outputSchema'] as Record<string, unknown>, name);
    if (problem) fail(`tools/call ${name}: ${problem}`);
    return `${name}: structuredContent of its outputSchema's type, required properties present; ${await modernSurveyOfSchema(ctx, tools)}`;
  },
};
