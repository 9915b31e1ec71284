import { fail, skip, type Check } from '../../check.js';
import { isObject, MCP_APPS_EXTENSION } from '../../mcp.js';
import { expectModernResult, modernTools } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';
import { viewOf } from '../mcp/mcp-apps.js';

const named = (tools: readonly Record<string, unknown>[]): string => tools.map((tool) => `${String(tool['name'])} → ${viewOf(tool)}`).join(', ');

/**
 * Only 2026-07-28 shows it: each request carries the client's capabilities, so a server can tell
 * at tools/list whether this client renders views; a stateless 2025-11-25 server cannot.
 */
export const modernAppToolsNeedExtension: Check = {
  id: 'modern-app-tools-need-extension',
  group: 'modern-mcp',
  title: `tools/list names a view (_meta.ui) only to a client whose capabilities offer ${MCP_APPS_EXTENSION}`,
  spec: `MCP Apps (specification 2026-01-26), "Client<>Server Capability Negotiation", Server Behavior (SHOULD check the client offers the extension before registering tools with a view); ${MODERN_SPEC} basic/versioning "Extension Negotiation"`,
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const withViews = (await modernTools(ctx)).filter((tool) => viewOf(tool) !== undefined);
    if (withViews.length === 0) skip(`no tool names a view even to a client that offers ${MCP_APPS_EXTENSION}: the deployment offers no MCP App`);
    const what = `tools/list from a client that offers no ${MCP_APPS_EXTENSION}`;
    const plain = expectModernResult(
      await ctx.modern.request(() => ctx.accessToken(), 'tools/list', {}, { meta: { 'io.modelcontextprotocol/clientCapabilities': {} } }),
      what,
    )['tools'];
    if (!Array.isArray(plain)) fail(`${what}: "tools" is ${JSON.stringify(plain)}, not a list of tools`);
    const still = plain.filter((tool): tool is Record<string, unknown> => isObject(tool) && viewOf(tool) !== undefined);
    if (still.length > 0) fail(`${what} still names views: ${named(still)}`);
    return `views named only to a client that offers the extension (${named(withViews)}); without it, ${plain.length} tools and no view`;
  },
};
