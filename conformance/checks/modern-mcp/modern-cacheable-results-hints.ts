import { fail, type Check } from '../../check.js';
import { isObject } from '../../mcp.js';
import { expectModernResult, modernCapabilities } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

/** The cache hints a cacheable result must carry, or why they are not right. */
function hintsProblem(result: Record<string, unknown>): string | undefined {
  const { ttlMs, cacheScope } = result;
  if (typeof ttlMs !== 'number' || !Number.isInteger(ttlMs) || ttlMs < 0) return `"ttlMs" is ${JSON.stringify(ttlMs)}, not a whole number >= 0`;
  if (cacheScope !== 'public' && cacheScope !== 'private') return `"cacheScope" is ${JSON.stringify(cacheScope)}, not "public" or "private"`;
  return undefined;
}

/**
 * Beyond tools/list (modern-tools-list-cache-hints): server/discover always, and where resources
 * are declared, resources/list and a resources/read of each resource it lists.
 */
export const modernCacheableResultsHints: Check = {
  id: 'modern-cacheable-results-hints',
  group: 'modern-mcp',
  title: 'server/discover, resources/list and resources/read carry ttlMs (>= 0) and cacheScope',
  spec: `${MODERN_SPEC} server/utilities/caching "Cacheable Results", "Time-to-Live (TTL) Field" (MUST)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const seen: string[] = [];
    const expectHints = (result: Record<string, unknown>, what: string): void => {
      const problem = hintsProblem(result);
      if (problem) fail(`${what}: ${problem}`);
      seen.push(`${what} ${result['ttlMs']} ms ${result['cacheScope']}`);
    };
    expectHints(expectModernResult(await ctx.modern.request(() => ctx.accessToken(), 'server/discover'), 'server/discover'), 'server/discover');
    if ('resources' in (await modernCapabilities(ctx))) {
      const listing = expectModernResult(await ctx.modern.request(() => ctx.accessToken(), 'resources/list'), 'resources/list');
      expectHints(listing, 'resources/list');
      const resources = Array.isArray(listing['resources']) ? listing['resources'].filter(isObject) : [];
      for (const uri of resources.map((resource) => resource['uri']).filter((uri): uri is string => typeof uri === 'string')) {
        const read = expectModernResult(await ctx.modern.request(() => ctx.accessToken(), 'resources/read', { uri }), `resources/read ${uri}`);
        expectHints(read, `resources/read ${uri}`);
      }
    }
    return seen.join('; ');
  },
};
