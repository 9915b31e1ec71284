import type { Check } from '../../check.js';
import { expectModernError, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

export const modernUnknownMethod404: Check = {
  id: 'modern-unknown-method-404',
  group: 'modern-mcp',
  title: 'A method the server does not offer gets HTTP 404 and -32601 under the request id',
  spec: `${MODERN_SPEC} basic/transports/streamable-http "Protocol Version Header" (MUST)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const answer = await ctx.modern.request(modernToken(ctx), 'conformance/unknown-method');
    expectModernError(answer, 404, -32601, 'an unknown method');
    return 'HTTP 404, JSON-RPC error -32601';
  },
};
