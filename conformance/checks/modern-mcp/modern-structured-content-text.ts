import { fail, skip, type Check } from '../../check.js';
import { expectModernResult, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';
import { structuredTextProblem } from '../shared/tool-definitions.js';

/** Clients that read only content (every 2025 client among them) see the structured result as text. */
export const modernStructuredContentText: Check = {
  id: 'modern-structured-content-text',
  group: 'modern-mcp',
  title: 'A tool result with structuredContent also carries it, serialized, in a text block',
  spec: `${MODERN_SPEC} server/tools "Structured Content" (SHOULD, for backwards compatibility)`,
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const result = expectModernResult(await ctx.modern.request(modernToken(ctx), 'tools/call', { name: 'get_me', arguments: {} }), 'tools/call get_me');
    if (result['structuredContent'] === undefined) skip('tools/call get_me returned no structuredContent');
    const problem = structuredTextProblem(result);
    if (problem) fail(`tools/call get_me: ${problem}`);
    return 'a text block carries the structuredContent';
  },
};
