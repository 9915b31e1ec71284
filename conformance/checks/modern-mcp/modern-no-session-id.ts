import { fail, type Check } from '../../check.js';
import { header } from '../../http.js';
import { expectModernResult, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

/** 2026-07-28 has no sessions: a session id from an older client is ignored, never minted or echoed. */
export const modernNoSessionId: Check = {
  id: 'modern-no-session-id',
  group: 'modern-mcp',
  title: 'A 2026-07-28 request carrying Mcp-Session-Id is served, and no Mcp-Session-Id comes back',
  spec: `${MODERN_SPEC} basic/transports/streamable-http "Earlier Streamable HTTP Revisions" (SHOULD ignore it); basic/index "Statelessness"`,
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const answer = await ctx.modern.request(modernToken(ctx), 'tools/list', {}, { headers: { 'mcp-session-id': 'conformance-session' } });
    expectModernResult(answer, 'tools/list with Mcp-Session-Id: conformance-session');
    const echoed = header(answer.exchange, 'mcp-session-id');
    if (echoed !== undefined) fail(`tools/list with Mcp-Session-Id: the answer carries Mcp-Session-Id: ${echoed}; 2026-07-28 has no sessions`);
    return 'served, no Mcp-Session-Id in the answer';
  },
};
