import { fail, type Check } from '../../check.js';
import { modernToken, modernTools } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** Names outside the safe set need Base64 in Mcp-Name and break clients that match them naively. */
export const modernToolNames: Check = {
  id: 'modern-tool-names',
  group: 'modern-mcp',
  title: 'Tool names are 1 to 128 characters of A-Z, a-z, 0-9, _, - and ., and unique',
  spec: `${MODERN_SPEC} server/tools "Tool Names" (SHOULD)`,
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    await modernToken(ctx);
    const names = (await modernTools(ctx)).map((tool) => tool['name']);
    const odd = names.filter((name) => typeof name !== 'string' || !TOOL_NAME.test(name));
    if (odd.length > 0) fail(`tools/list: ${odd.map((name) => JSON.stringify(name)).join(', ')} outside 1-128 characters of A-Z a-z 0-9 _ - .`);
    const twice = names.filter((name, index) => names.indexOf(name) !== index);
    if (twice.length > 0) fail(`tools/list: ${twice.map((name) => JSON.stringify(name)).join(', ')} listed more than once`);
    return `${names.length} names, all safe and unique`;
  },
};
