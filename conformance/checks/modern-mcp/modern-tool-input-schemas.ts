import { fail, type Check } from '../../check.js';
import { isObject } from '../../mcp.js';
import { modernToken, modernTools } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

/** What is wrong with one schema of a tool, or undefined; arguments are objects, so is their schema. */
function schemaProblem(schema: unknown, which: string, optional: boolean): string | undefined {
  if (schema === undefined && optional) return undefined;
  if (!isObject(schema)) return `${which} is ${JSON.stringify(schema)}, not a JSON Schema object`;
  if (which === 'inputSchema' && schema['type'] !== 'object') return `inputSchema has "type" ${JSON.stringify(schema['type'])}, not "object"`;
  if ('$schema' in schema && typeof schema['$schema'] !== 'string') return `${which} has a "$schema" that is not a URI string`;
  if ('properties' in schema && !isObject(schema['properties'])) return `${which} has "properties" that is not an object`;
  if ('required' in schema && !(Array.isArray(schema['required']) && schema['required'].every((name) => typeof name === 'string'))) {
    return `${which} has "required" that is not a list of names`;
  }
  return undefined;
}

export const modernToolInputSchemas: Check = {
  id: 'modern-tool-input-schemas',
  group: 'modern-mcp',
  title: 'Every tool has a name and an inputSchema that is a JSON Schema object of type "object"; an outputSchema is an object too',
  spec: `${MODERN_SPEC} server/tools "Tool" (inputSchema MUST be a valid JSON Schema object, not null); basic/index "Schema Validation" (MUST)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    await modernToken(ctx);
    const tools = await modernTools(ctx);
    for (const tool of tools) {
      const name = typeof tool['name'] === 'string' ? tool['name'] : fail(`tools/list: a tool has no name: ${JSON.stringify(tool).slice(0, 200)}`);
      const problem = schemaProblem(tool['inputSchema'], 'inputSchema', false) ?? schemaProblem(tool['outputSchema'], 'outputSchema', true);
      if (problem) fail(`tools/list: tool ${name}: ${problem}`);
    }
    return `${tools.length} tools, each with an object inputSchema`;
  },
};
