import { fail, skip, type Check } from '../../check.js';
import { expectModernResult, modernTools } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';
import { callableToolWithOutputSchema, structuredContentProblem } from '../shared/tool-definitions.js';

export const modernStructuredContentSchema: Check = {
  id: 'modern-structured-content-schema',
  group: 'modern-mcp',
  title: 'A tool with an outputSchema returns structuredContent of its type, with its required properties of their types',
  spec: `${MODERN_SPEC} server/tools "Output Schema" (servers MUST provide structured results that conform to this schema)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const tool = callableToolWithOutputSchema(await modernTools(ctx));
    if (!tool) skip('no tool that takes no arguments declares an outputSchema');
    const name = String(tool['name']);
    const result = expectModernResult(await ctx.modern.request(() => ctx.accessToken(), 'tools/call', { name, arguments: {} }), `tools/call ${name}`);
    if (result['isError'] === true) skip(`tools/call ${name} answered a tool error, which carries no structured result: ${JSON.stringify(result['content']).slice(0, 160)}`);
    const problem = structuredContentProblem(result['structuredContent'], tool['outputSchema'] as Record<string, unknown>, name);
    if (problem) fail(`tools/call ${name}: ${problem}`);
    return `${name}: structuredContent of its outputSchema's type, required properties present`;
  },
};
