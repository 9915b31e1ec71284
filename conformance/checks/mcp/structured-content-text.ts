import { fail, skip, type Check } from '../../check.js';
import { legacyResult } from '../shared/legacy-tools.js';
import { structuredTextProblem } from '../shared/tool-definitions.js';

export const structuredContentText: Check = {
  id: 'structured-content-text',
  group: 'mcp',
  title: 'A tool result with structuredContent also carries it, serialized, in a text block',
  spec: 'MCP 2025-11-25 server/tools "Structured Content" (SHOULD, for backwards compatibility)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const result = await legacyResult(ctx, 'tools/call', { name: 'get_me', arguments: {} });
    if (result['structuredContent'] === undefined) skip('tools/call get_me returned no structuredContent');
    const problem = structuredTextProblem(result);
    if (problem) fail(`tools/call get_me: ${problem}`);
    return 'a text block carries the structuredContent';
  },
};
