import { fail, type Check } from '../../check.js';
import { MCP_APPS_EXTENSION } from '../../mcp.js';
import { expectModernResult, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

/**
 * Asked as the runner's client (which offers MCP Apps) and as one offering no capability: a
 * server may list other tools to each (modern-app-tools-need-extension), and each list is a
 * cacheable result.
 */
const ASKERS = [
  { who: `a client that offers ${MCP_APPS_EXTENSION}`, meta: {} },
  { who: 'a client that offers no capability', meta: { 'io.modelcontextprotocol/clientCapabilities': {} } },
] as const;

export const modernToolsListCacheHints: Check = {
  id: 'modern-tools-list-cache-hints',
  group: 'modern-mcp',
  title: 'tools/list carries ttlMs (a whole number >= 0) and cacheScope ("public" or "private"), with and without the MCP Apps extension offered',
  spec: `${MODERN_SPEC} server/utilities/caching "Cacheable Results" (MUST)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const seen: string[] = [];
    for (const { who, meta } of ASKERS) {
      const what = `tools/list from ${who}`;
      const { ttlMs, cacheScope } = expectModernResult(await ctx.modern.request(modernToken(ctx), 'tools/list', {}, { meta }), what);
      if (typeof ttlMs !== 'number' || !Number.isInteger(ttlMs) || ttlMs < 0) fail(`${what}: "ttlMs" is ${JSON.stringify(ttlMs)}, not a whole number >= 0`);
      if (cacheScope !== 'public' && cacheScope !== 'private') fail(`${what}: "cacheScope" is ${JSON.stringify(cacheScope)}, not "public" or "private"`);
      seen.push(`${what}: ttlMs ${ttlMs}, cacheScope ${cacheScope}`);
    }
    return seen.join('; ');
  },
};
