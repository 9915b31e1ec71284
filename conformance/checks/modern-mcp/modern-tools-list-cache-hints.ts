import { fail, type Check } from '../../check.js';
import { expectModernResult, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

export const modernToolsListCacheHints: Check = {
  id: 'modern-tools-list-cache-hints',
  group: 'modern-mcp',
  title: 'tools/list carries ttlMs (a whole number >= 0) and cacheScope ("public" or "private")',
  spec: `${MODERN_SPEC} server/utilities/caching "Cacheable Results" (MUST)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const result = expectModernResult(await ctx.modern.request(modernToken(ctx), 'tools/list'), 'tools/list');
    const { ttlMs, cacheScope } = result;
    if (typeof ttlMs !== 'number' || !Number.isInteger(ttlMs) || ttlMs < 0) fail(`tools/list: "ttlMs" is ${JSON.stringify(ttlMs)}, not a whole number >= 0`);
    if (cacheScope !== 'public' && cacheScope !== 'private') fail(`tools/list: "cacheScope" is ${JSON.stringify(cacheScope)}, not "public" or "private"`);
    return `ttlMs ${ttlMs}, cacheScope ${cacheScope}`;
  },
};
