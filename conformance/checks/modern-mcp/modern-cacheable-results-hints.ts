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

const SKILLS = 'io.modelcontextprotocol/skills';

/** The `uri` of each listed entry (a resource, a skill). */
const urisOf = (list: unknown): string[] =>
  (Array.isArray(list) ? list.filter(isObject) : []).map((entry) => entry['uri']).filter((uri): uri is string => typeof uri === 'string');

/**
 * Beyond tools/list (modern-tools-list-cache-hints): server/discover always; where resources
 * are declared, resources/list and a resources/read of each resource it lists; where the Skills
 * extension is (SEP-2640 asks its two methods for the hints too), skills/list and a skills/get
 * of each skill it lists.
 */
export const modernCacheableResultsHints: Check = {
  id: 'modern-cacheable-results-hints',
  group: 'modern-mcp',
  title: 'server/discover, resources/list, resources/read, skills/list and skills/get carry ttlMs (>= 0) and cacheScope',
  spec: `${MODERN_SPEC} server/utilities/caching "Cacheable Results", "Time-to-Live (TTL) Field" (MUST); SEP-2640 Skills extension (skills/list and skills/get results are cacheable)`,
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
    const capabilities = await modernCapabilities(ctx);
    const listed = async (list: string, item: string, key: string): Promise<void> => {
      const listing = expectModernResult(await ctx.modern.request(() => ctx.accessToken(), list), list);
      expectHints(listing, list);
      for (const uri of urisOf(listing[key])) {
        expectHints(expectModernResult(await ctx.modern.request(() => ctx.accessToken(), item, { uri }), `${item} ${uri}`), `${item} ${uri}`);
      }
    };
    if ('resources' in capabilities) await listed('resources/list', 'resources/read', 'resources');
    const extensions = capabilities['extensions'];
    if (isObject(extensions) && isObject(extensions[SKILLS])) await listed('skills/list', 'skills/get', 'skills');
    return seen.join('; ');
  },
};
