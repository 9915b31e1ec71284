import type { Check } from '../../check.js';
import { expectModernError, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

export const modernEnvelope32602: Check = {
  id: 'modern-envelope-32602',
  group: 'modern-mcp',
  title: 'A request whose _meta lacks clientCapabilities gets 400 and -32602 under its id',
  spec: `${MODERN_SPEC} basic/index "_meta", per-request protocol fields (MUST reject)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const answer = await ctx.modern.request(modernToken(ctx), 'tools/list', {}, { meta: { 'io.modelcontextprotocol/clientCapabilities': undefined } });
    expectModernError(answer, 400, -32602, 'tools/list without io.modelcontextprotocol/clientCapabilities');
    return 'HTTP 400, JSON-RPC error -32602';
  },
};
