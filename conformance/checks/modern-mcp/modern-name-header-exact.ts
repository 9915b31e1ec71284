import type { Check } from '../../check.js';
import { expectModernError, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

const READ_URI = 'ui://conformance/never-served.html';

/**
 * Mcp-Name on the other method that carries it (resources/read), and compared case-sensitively:
 * an intermediary routing on it must see the very resource or tool the body names.
 */
export const modernNameHeaderExact: Check = {
  id: 'modern-name-header-exact',
  group: 'modern-mcp',
  title: 'A resources/read without Mcp-Name or naming another resource, and a tools/call whose Mcp-Name differs in case, get 400 and -32020',
  spec: `${MODERN_SPEC} basic/transports/streamable-http "Standard Request Headers" (REQUIRED on resources/read), "Server Validation" (MUST reject a mismatch), "Case Sensitivity" (values case-sensitive)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const token = modernToken(ctx);
    const without = await ctx.modern.request(token, 'resources/read', { uri: READ_URI }, { headers: { 'mcp-name': undefined } });
    expectModernError(without, 400, -32020, 'resources/read without Mcp-Name');
    const other = await ctx.modern.request(token, 'resources/read', { uri: READ_URI }, { headers: { 'mcp-name': 'ui://conformance/another.html' } });
    expectModernError(other, 400, -32020, `resources/read of ${READ_URI} with Mcp-Name: ui://conformance/another.html`);
    const upper = await ctx.modern.request(token, 'tools/call', { name: 'get_me', arguments: {} }, { headers: { 'mcp-name': 'GET_ME' } });
    expectModernError(upper, 400, -32020, 'tools/call get_me with Mcp-Name: GET_ME');
    return 'all three refused with HTTP 400, JSON-RPC error -32020';
  },
};
