import { fail, skip, type Check } from '../../check.js';
import { legacyResult, legacyTools } from '../shared/legacy-tools.js';
import { callableToolWithOutputSchema, structuredContentProblem } from '../shared/tool-definitions.js';

export const structuredContentSchema: Check = {
  id: 'structured-content-schema',
  group: 'mcp',
  title: 'A tool with an outputSchema returns structuredContent of its type, with its required properties of their types',
  spec: 'MCP 2025-11-25 server/tools "Output Schema" (servers MUST provide structured results that conform to this schema)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const tool = callableToolWithOutputSchema(await legacyTools(ctx));
    if (!tool) skip('no tool that takes no arguments declares an outputSchema');
    const name = String(tool['name']);
    const result = await legacyResult(ctx, 'tools/call', { name, arguments: {} });
    if (result['isError'] === true) skip(`tools/call ${name} answered a tool error, which carries no structured result`);
    const problem = structuredContentProblem(result['structuredContent'], tool['outputSchema'] as Record<string, unknown>, name);
    if (problem) fail(`tools/call ${name}: ${problem}`);
    return `${name}: structuredContent of its outputSchema's type, required properties present`;
  },
};
