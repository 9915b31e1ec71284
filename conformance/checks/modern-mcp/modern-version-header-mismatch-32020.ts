import { fail, type Check } from '../../check.js';
import { isObject } from '../../mcp.js';
import { expectModernError, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

/**
 * A gateway may route on the header while the server obeys the body: they must agree, whichever
 * side names the older revision (a fast path that trusts the header alone misses the second).
 */
export const modernVersionHeaderMismatch32020: Check = {
  id: 'modern-version-header-mismatch-32020',
  group: 'modern-mcp',
  title: 'An MCP-Protocol-Version header that differs from the version in _meta gets 400 and -32020 (HeaderMismatch); _meta naming an older revision under a 2026-07-28 header, 400 and -32020 or -32022; no header, never a 2026-07-28 answer',
  spec: `${MODERN_SPEC} basic/transports/streamable-http "Protocol Version Header" (MUST reject)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const token = modernToken(ctx);
    const olderHeader = await ctx.modern.request(token, 'tools/list', {}, { headers: { 'mcp-protocol-version': '2025-11-25' } });
    expectModernError(olderHeader, 400, -32020, 'tools/list with MCP-Protocol-Version: 2025-11-25 and _meta naming 2026-07-28');
    const olderBody = await ctx.modern.request(token, 'tools/list', {}, { meta: { 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } });
    // The envelope's own version is one this era does not speak, so -32022 (UnsupportedProtocolVersion) is right too.
    const refused = expectModernError(olderBody, 400, [-32020, -32022], 'tools/list with MCP-Protocol-Version: 2026-07-28 and _meta naming 2025-11-25');
    // No header at all: refused, or (a dual-era deployment) taken for an older client; never served on _meta alone.
    const noHeader = await ctx.modern.request(token, 'tools/list', {}, { headers: { 'mcp-protocol-version': undefined } });
    const served = noHeader.message?.result;
    if (noHeader.exchange.response.status === 200 && isObject(served) && 'resultType' in served) {
      fail(`tools/list without MCP-Protocol-Version and _meta naming 2026-07-28 was answered as 2026-07-28 (resultType ${JSON.stringify(served['resultType'])}): the era was read from the body alone`);
    }
    return `HTTP 400, JSON-RPC error -32020 with the older revision in the header; HTTP 400, JSON-RPC error ${refused?.code} with it in _meta; without the header, not served as 2026-07-28 (HTTP ${noHeader.exchange.response.status})`;
  },
};
