import { fail, type Check } from '../../check.js';
import { modernTools } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';
import { toolNamesProblem } from '../shared/tool-definitions.js';

/** Names outside the safe set need Base64 in Mcp-Name and break clients that match them naively. */
export const modernToolNames: Check = {
  id: 'modern-tool-names',
  group: 'modern-mcp',
  title: 'Tool names are 1 to 128 characters of A-Z, a-z, 0-9, _, - and ., and unique',
  spec: `${MODERN_SPEC} server/tools "Tool Names" (SHOULD)`,
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const names = (await modernTools(ctx)).map((tool) => tool['name']);
    const problem = toolNamesProblem(names);
    if (problem) fail(`tools/list: ${problem}`);
    return `${names.length} names, all safe and unique`;
  },
};
