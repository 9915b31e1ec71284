import type { Check } from '../../check.js';
import { expectModernError, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

/** A gateway may route on the header while the server obeys the body: they must agree. */
export const modernVersionHeaderMismatch32020: Check = {
  id: 'modern-version-header-mismatch-32020',
  group: 'modern-mcp',
  title: 'An MCP-Protocol-Version header that differs from the version in _meta gets 400 and -32020 (HeaderMismatch)',
  spec: `${MODERN_SPEC} basic/transports/streamable-http "Protocol Version Header" (MUST reject)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const answer = await ctx.modern.request(modernToken(ctx), 'tools/list', {}, { headers: { 'mcp-protocol-version': '2025-11-25' } });
    expectModernError(answer, 400, -32020, 'tools/list with MCP-Protocol-Version: 2025-11-25 and _meta naming 2026-07-28');
    return 'HTTP 400, JSON-RPC error -32020';
  },
};
