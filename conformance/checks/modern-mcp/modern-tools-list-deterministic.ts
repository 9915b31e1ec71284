import { fail, type Check } from '../../check.js';
import { modernTools } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

/**
 * The same list in the same order before and after a tool call: what a client caches, and what
 * keeps a model's prompt cache warm. A set that changed would break the MUST of the same section
 * (no change as a side effect of other requests); an order that changed, its SHOULD.
 */
export const modernToolsListDeterministic: Check = {
  id: 'modern-tools-list-deterministic',
  group: 'modern-mcp',
  title: 'tools/list gives the same tools in the same order before and after a tools/call',
  spec: `${MODERN_SPEC} server/tools "Capabilities" (SHOULD return tools in a deterministic order; the set MUST NOT change as a side effect of other requests)`,
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const before = (await modernTools(ctx)).map((tool) => String(tool['name']));
    await ctx.modern.request(() => ctx.accessToken(), 'tools/call', { name: 'get_me', arguments: {} });
    const after = (await modernTools(ctx)).map((tool) => String(tool['name']));
    if (before.join(',') !== after.join(',')) fail(`tools/list changed between two calls with a tools/call between: [${before.join(', ')}] became [${after.join(', ')}]`);
    return `${before.length} tools, the same order twice`;
  },
};
