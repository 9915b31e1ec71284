import { fail, type Check } from '../../check.js';
import { expectModernResult, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

export const modernResultType: Check = {
  id: 'modern-result-type',
  group: 'modern-mcp',
  title: 'Results say resultType "complete": tools/list and a tools/call',
  spec: `${MODERN_SPEC} basic/index "Result Responses" (every result carries resultType)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const token = modernToken(ctx);
    for (const [method, params] of [['tools/list', {}], ['tools/call', { name: 'get_me', arguments: {} }]] as const) {
      const result = expectModernResult(await ctx.modern.request(token, method, params), method);
      if (result['resultType'] !== 'complete') fail(`${method}: "resultType" is ${JSON.stringify(result['resultType'])}, not "complete"`);
    }
    return 'tools/list and tools/call get_me: resultType "complete"';
  },
};
