import type { Check } from '../../check.js';
import { expectModernError, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

export const modernHeaderMismatch32020: Check = {
  id: 'modern-header-mismatch-32020',
  group: 'modern-mcp',
  title: 'An Mcp-Name or Mcp-Method header that disagrees with the body gets 400 and -32020 (HeaderMismatch)',
  spec: `${MODERN_SPEC} basic/transports/streamable-http "Server Validation" (MUST reject)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const token = modernToken(ctx);
    const name = await ctx.modern.request(token, 'tools/call', { name: 'get_me', arguments: {} }, { headers: { 'mcp-name': 'list_surveys' } });
    expectModernError(name, 400, -32020, 'tools/call get_me with Mcp-Name: list_surveys');
    // A gateway routing on Mcp-Method would send this to a read-only pool while the server lists.
    const method = await ctx.modern.request(token, 'tools/list', {}, { headers: { 'mcp-method': 'server/discover' } });
    expectModernError(method, 400, -32020, 'tools/list with Mcp-Method: server/discover');
    return 'both refused with HTTP 400, JSON-RPC error -32020';
  },
};
