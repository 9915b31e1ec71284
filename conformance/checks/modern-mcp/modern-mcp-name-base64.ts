import { type Check } from '../../check.js';
import { isObject } from '../../mcp.js';
import { expectModernResult, modernCapabilities, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

/** The sentinel form of a header value (basic/transports/streamable-http, "Value Encoding"). */
const base64Sentinel = (value: string): string => `=?base64?${Buffer.from(value).toString('base64')}?=`;

/** Both requests that carry an Mcp-Name: tools/call (the tool's name) and, where resources are declared, resources/read (the uri). */
export const modernMcpNameBase64: Check = {
  id: 'modern-mcp-name-base64',
  group: 'modern-mcp',
  title: 'An Mcp-Name sent as a Base64 sentinel (=?base64?…?=) is decoded before it is compared, on tools/call and resources/read',
  spec: `${MODERN_SPEC} basic/transports/streamable-http "Value Encoding" (servers MUST decode)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const encoded = base64Sentinel('get_me');
    const answer = await ctx.modern.request(modernToken(ctx), 'tools/call', { name: 'get_me', arguments: {} }, { headers: { 'mcp-name': encoded } });
    expectModernResult(answer, `tools/call get_me with Mcp-Name: ${encoded}`);
    const seen = [`${encoded} accepted as get_me`];
    if ('resources' in (await modernCapabilities(ctx))) {
      const listed = expectModernResult(await ctx.modern.request(modernToken(ctx), 'resources/list'), 'resources/list')['resources'];
      const uri = Array.isArray(listed) ? listed.filter(isObject).map((resource) => resource['uri']).find((each) => typeof each === 'string') : undefined;
      if (typeof uri === 'string') {
        const name = base64Sentinel(uri);
        expectModernResult(await ctx.modern.request(modernToken(ctx), 'resources/read', { uri }, { headers: { 'mcp-name': name } }), `resources/read ${uri} with Mcp-Name: ${name}`);
        seen.push(`${name} accepted as ${uri}`);
      }
    }
    return seen.join('; ');
  },
};
