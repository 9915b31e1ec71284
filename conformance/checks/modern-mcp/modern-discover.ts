import { fail, type Check } from '../../check.js';
import { isObject } from '../../mcp.js';
import { expectModernResult, modernToken } from '../../modern-expect.js';
import { MODERN_REVISION, MODERN_SPEC } from '../../modern.js';

export const modernDiscover: Check = {
  id: 'modern-discover',
  group: 'modern-mcp',
  title: 'server/discover names the supported revisions, the capabilities and the tools capability',
  spec: `${MODERN_SPEC} server/discover; basic/versioning "Protocol Version Negotiation" (servers MUST implement it)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const answer = await ctx.modern.request(modernToken(ctx), 'server/discover');
    const result = expectModernResult(answer, 'server/discover');
    const versions = result['supportedVersions'];
    if (!Array.isArray(versions) || !versions.includes(MODERN_REVISION)) fail(`server/discover: "supportedVersions" is ${JSON.stringify(versions)}, without ${MODERN_REVISION}`);
    const capabilities = result['capabilities'];
    if (!isObject(capabilities) || !isObject(capabilities['tools'])) fail(`server/discover: "capabilities" has no "tools" object: ${JSON.stringify(capabilities)}`);
    return `supportedVersions ${JSON.stringify(versions)}, capabilities ${Object.keys(capabilities).join(', ')}`;
  },
};
