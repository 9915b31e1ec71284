import { type Check } from '../../check.js';
import { expectStatus } from '../../expect.js';

/** Not a version at all: no date, as a client that sent its own name would. */
const NOT_A_VERSION = 'conformance-latest';

export const protocolVersionNotAVersion400: Check = {
  id: 'protocol-version-not-a-version-400',
  group: 'mcp',
  title: 'A request whose MCP-Protocol-Version is not a version at all gets 400',
  spec: 'MCP 2025-11-25 basic/transports "Protocol Version Header" (MUST 400 Bad Request for an invalid or unsupported version)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const token = await ctx.connected();
    const exchange = await ctx.mcp.post(token, ctx.mcp.envelope('tools/list'), {
      headers: { 'mcp-protocol-version': NOT_A_VERSION },
    });
    expectStatus(exchange, 400, `tools/list with MCP-Protocol-Version ${NOT_A_VERSION}`);
    return `HTTP 400 for MCP-Protocol-Version ${NOT_A_VERSION}`;
  },
};
