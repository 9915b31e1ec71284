import { fail, type Check } from '../../check.js';
import { expectStatus } from '../../expect.js';
import { isObject } from '../../mcp.js';
import { toolSchemaProblem } from '../shared/tool-definitions.js';

export const toolsList: Check = {
  id: 'tools-list',
  group: 'mcp',
  title: 'tools/list names the tools with their input schemas',
  spec: 'section 4.1 (POST /)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { exchange, message } = await ctx.mcp.request(await ctx.connected(), 'tools/list');
    expectStatus(exchange, 200, 'tools/list');
    const tools = message?.result?.['tools'];
    if (!Array.isArray(tools) || tools.length === 0) fail('tools/list: the result has no tools');
    const malformed = tools.filter(
      (tool: unknown) => !isObject(tool) || typeof tool['name'] !== 'string' || !isObject(tool['inputSchema']),
    );
    if (malformed.length > 0) fail(`tools/list: ${malformed.length} tools lack a "name" or an "inputSchema"`);
    for (const tool of tools as Record<string, unknown>[]) {
      const problem = toolSchemaProblem(tool);
      if (problem) fail(`tools/list: tool ${String(tool['name'])}: ${problem}`);
    }
    return `${tools.length} tools: ${tools.map((tool: Record<string, unknown>) => tool['name']).join(', ')}`;
  },
};
