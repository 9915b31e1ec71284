import type { Check } from '../../check.js';
import { expectModernError } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

/** The headers are what intermediaries route on; a request without them must not slip through. */
export const modernRequiredHeaders32020: Check = {
  id: 'modern-required-headers-32020',
  group: 'modern-mcp',
  title: 'A request without Mcp-Method, or a tools/call without Mcp-Name, gets 400 and -32020',
  spec: `${MODERN_SPEC} basic/transports/streamable-http "Standard Request Headers" (REQUIRED), "Server Validation" (MUST reject a missing header)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const noMethod = await ctx.modern.request(() => ctx.accessToken(), 'tools/list', {}, { headers: { 'mcp-method': undefined } });
    expectModernError(noMethod, 400, -32020, 'tools/list without Mcp-Method');
    const noName = await ctx.modern.request(() => ctx.accessToken(), 'tools/call', { name: 'get_me', arguments: {} }, { headers: { 'mcp-name': undefined } });
    expectModernError(noName, 400, -32020, 'tools/call get_me without Mcp-Name');
    return 'both refused with HTTP 400, JSON-RPC error -32020';
  },
};
