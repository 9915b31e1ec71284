import { isDeepStrictEqual } from 'node:util';
import { fail, skip, type Check } from '../../check.js';
import { isObject } from '../../mcp.js';
import { expectModernResult, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

/** Clients that read only content (every 2025 client among them) see the structured result as text. */
export const modernStructuredContentText: Check = {
  id: 'modern-structured-content-text',
  group: 'modern-mcp',
  title: 'A tool result with structuredContent also carries it, serialized, in a text block',
  spec: `${MODERN_SPEC} server/tools "Structured Content" (SHOULD, for backwards compatibility)`,
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const result = expectModernResult(await ctx.modern.request(await modernToken(ctx), 'tools/call', { name: 'get_me', arguments: {} }), 'tools/call get_me');
    const structured = result['structuredContent'];
    if (structured === undefined) skip('tools/call get_me returned no structuredContent');
    const texts = (Array.isArray(result['content']) ? result['content'] : []).filter(isObject).map((item) => item['text']).filter((text): text is string => typeof text === 'string');
    const same = texts.some((text) => {
      try {
        return isDeepStrictEqual(JSON.parse(text), structured);
      } catch {
        return false;
      }
    });
    if (!same) fail(`tools/call get_me: no text block holds the structuredContent as JSON; text: ${JSON.stringify(texts).slice(0, 160)}`);
    return 'a text block carries the structuredContent';
  },
};
