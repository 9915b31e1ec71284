import { type Check } from '../../check.js';
import { expectModernResult, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

export const modernMcpNameBase64: Check = {
  id: 'modern-mcp-name-base64',
  group: 'modern-mcp',
  title: 'An Mcp-Name sent as a Base64 sentinel (=?base64?…?=) is decoded before it is compared',
  spec: `${MODERN_SPEC} basic/transports/streamable-http "Value Encoding" (servers MUST decode)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const encoded = `=?base64?${Buffer.from('get_me').toString('base64')}?=`;
    const answer = await ctx.modern.request(modernToken(ctx), 'tools/call', { name: 'get_me', arguments: {} }, { headers: { 'mcp-name': encoded } });
    expectModernResult(answer, `tools/call get_me with Mcp-Name: ${encoded}`);
    return `${encoded} accepted as get_me`;
  },
};
