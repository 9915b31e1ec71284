import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { header } from '../../http.js';

/** What a browser-based client must be able to read from the MCP endpoint's answers. */
const EXPOSED = ['www-authenticate', 'retry-after', 'mcp-protocol-version'];

export const mcpCorsExposesHeaders: Check = {
  id: 'mcp-cors-exposes-headers',
  group: 'mcp',
  title: 'Browser clients may read WWW-Authenticate, Retry-After and MCP-Protocol-Version, and preflights pass before the bearer check',
  spec: 'field notes: MCP host (expose WWW-Authenticate, Retry-After and MCP-Protocol-Version; OPTIONS before any bearer check)',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    // The deployment's own origin: one the Origin check admits, so only CORS is under test.
    const origin = new URL(ctx.target.baseUrl).origin;
    const preflight = await ctx.http.send({
      method: 'OPTIONS',
      url: ctx.target.mcpEndpoint,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
      },
    });
    if (preflight.response.status < 200 || preflight.response.status >= 300) {
      fail(`the preflight OPTIONS / without a token answered ${describeResponse(preflight)}; it must pass before any bearer check`);
    }
    const refused = await ctx.mcp.post(undefined, ctx.mcp.envelope('ping'), { waitOutRateLimit: false, headers: { origin } });
    const exposed = (header(refused, 'access-control-expose-headers') ?? '').toLowerCase().split(',').map((name) => name.trim());
    const hidden = exposed.includes('*') ? [] : EXPOSED.filter((name) => !exposed.includes(name));
    if (hidden.length > 0) {
      fail(`the 401 to a browser exposes ${exposed.filter(Boolean).join(', ') || 'no headers'}; a browser client cannot read ${hidden.join(', ')}`);
    }
    return `the 401 exposes ${EXPOSED.join(', ')}; the preflight answered HTTP ${preflight.response.status}`;
  },
};
