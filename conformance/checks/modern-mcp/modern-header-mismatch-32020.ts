import type { Check } from '../../check.js';
import { expectModernError, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

export const modernHeaderMismatch32020: Check = {
  id: 'modern-header-mismatch-32020',
  group: 'modern-mcp',
  title: 'An Mcp-Name header that names another tool than the body gets 400 and -32020 (HeaderMismatch)',
  spec: `${MODERN_SPEC} basic/transports/streamable-http "Server Validation" (MUST reject)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const answer = await ctx.modern.request(await modernToken(ctx), 'tools/call', { name: 'get_me', arguments: {} }, { headers: { 'mcp-name': 'list_surveys' } });
    expectModernError(answer, 400, -32020, 'tools/call get_me with Mcp-Name: list_surveys');
    return 'HTTP 400, JSON-RPC error -32020';
  },
};
