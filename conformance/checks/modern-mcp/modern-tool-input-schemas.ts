import { fail, type Check } from '../../check.js';
import { modernTools } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';
import { toolSchemaProblem } from '../shared/tool-definitions.js';

export const modernToolInputSchemas: Check = {
  id: 'modern-tool-input-schemas',
  group: 'modern-mcp',
  title: 'Every tool has a name and an inputSchema that is a JSON Schema object of type "object"; an outputSchema is an object too',
  spec: `${MODERN_SPEC} server/tools "Tool" (inputSchema MUST be a valid JSON Schema object, not null); basic/index "Schema Validation" (MUST)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const tools = await modernTools(ctx);
    for (const tool of tools) {
      const name = typeof tool['name'] === 'string' ? tool['name'] : fail(`tools/list: a tool has no name: ${JSON.stringify(tool).slice(0, 200)}`);
      const problem = toolSchemaProblem(tool);
      if (problem) fail(`tools/list: tool ${name}: ${problem}`);
    }
    return `${tools.length} tools, each with an object inputSchema`;
  },
};
