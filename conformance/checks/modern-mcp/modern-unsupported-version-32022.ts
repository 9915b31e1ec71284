import { fail, type Check } from '../../check.js';
import { isObject } from '../../mcp.js';
import { expectModernError, modernToken } from '../../modern-expect.js';
import { MODERN_REVISION, MODERN_SPEC } from '../../modern.js';

/** An unknown version before the revision and one after it: a server that picks its era by comparing dates takes the later one. */
const UNKNOWN_VERSIONS = ['1900-01-01', '2099-12-31'] as const;

export const modernUnsupportedVersion32022: Check = {
  id: 'modern-unsupported-version-32022',
  group: 'modern-mcp',
  title: 'A request naming an unknown version gets 400 and -32022, listing the supported and the requested version',
  spec: `${MODERN_SPEC} basic/versioning "Protocol Version Negotiation"; basic/transports/streamable-http "Protocol Version Header" (MUST)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    let supported: unknown;
    for (const unknownVersion of UNKNOWN_VERSIONS) {
      const answer = await ctx.modern.request(modernToken(ctx), 'tools/list', {}, {
        headers: { 'mcp-protocol-version': unknownVersion },
        meta: { 'io.modelcontextprotocol/protocolVersion': unknownVersion },
      });
      const error = expectModernError(answer, 400, -32022, `tools/list as version ${unknownVersion}`);
      const data = (error as { data?: unknown } | undefined)?.data;
      supported = isObject(data) ? data['supported'] : undefined;
      if (!Array.isArray(supported) || !supported.includes(MODERN_REVISION)) fail(`the error's data.supported is ${JSON.stringify(supported)}, without ${MODERN_REVISION}`);
      if (isObject(data) && data['requested'] !== unknownVersion) fail(`the error's data.requested is ${JSON.stringify(data['requested'])}, not "${unknownVersion}"`);
    }
    return `HTTP 400, -32022 for ${UNKNOWN_VERSIONS.join(' and ')}, supported ${JSON.stringify(supported)}`;
  },
};
