import { fail, type Check } from '../../check.js';
import { legacyTools } from '../shared/legacy-tools.js';
import { toolNamesProblem } from '../shared/tool-definitions.js';

export const toolNames: Check = {
  id: 'tool-names',
  group: 'mcp',
  title: 'Tool names are 1 to 128 characters of A-Z, a-z, 0-9, _, - and ., and unique',
  spec: 'MCP 2025-11-25 server/tools "Tool Names" (SHOULD)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const names = (await legacyTools(ctx)).map((tool) => tool['name']);
    const problem = toolNamesProblem(names);
    if (problem) fail(`tools/list: ${problem}`);
    return `${names.length} names, all safe and unique`;
  },
};
