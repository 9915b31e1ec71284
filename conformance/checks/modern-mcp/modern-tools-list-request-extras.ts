import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { expectModernResult, modernToken, modernTools } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

/** The tools' names in name order: which tools, not their order (modern-tools-list-deterministic's SHOULD). */
const namesOf = (tools: unknown): string =>
  Array.isArray(tools) ? tools.map((tool) => String((tool as { name?: unknown } | null)?.name)).sort().join(', ') : JSON.stringify(tools);

/**
 * A progress token may ride on any request (basic/utilities/progress), and a list request may
 * carry a cursor (server/utilities/pagination): neither changes which tools there are. A cursor
 * no page gave may instead get -32602, as pagination's "Error Handling" asks (a SHOULD), or an
 * empty page, as a server that reads it as past the end; no method-not-found, no server error.
 */
export const modernToolsListRequestExtras: Check = {
  id: 'modern-tools-list-request-extras',
  group: 'modern-mcp',
  title: 'tools/list with a progressToken in _meta answers the same tools; with a cursor no page gave, the same tools, an empty page or -32602',
  spec: `${MODERN_SPEC} basic/utilities/progress (a progressToken in any request's _meta); server/utilities/pagination "Error Handling" (an invalid cursor: -32602); server/tools "Listing Tools"`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const plain = namesOf(await modernTools(ctx));
    const tracked = 'tools/list with _meta.progressToken';
    const withToken = expectModernResult(await ctx.modern.request(modernToken(ctx), 'tools/list', {}, { meta: { progressToken: 'conformance-progress' } }), tracked);
    if (namesOf(withToken['tools']) !== plain) fail(`${tracked}: the tools are [${namesOf(withToken['tools'])}], not the plain tools/list's [${plain}]`);
    const paged = 'tools/list with a cursor no page gave';
    const answer = await ctx.modern.request(modernToken(ctx), 'tools/list', { cursor: 'conformance-unknown-cursor' });
    const { error, result } = answer.message ?? {};
    if (error?.code === -32602) return `${tracked}: the same ${plain.split(', ').length} tools; ${paged}: -32602`;
    if (answer.exchange.response.status !== 200 || result === undefined) fail(`${paged}: expected the same tools, an empty page or JSON-RPC error -32602, got ${describeResponse(answer.exchange)}`);
    const tools = result['tools'];
    if (Array.isArray(tools) && tools.length === 0) return `${tracked}: the same ${plain.split(', ').length} tools; ${paged}: an empty page`;
    if (namesOf(tools) !== plain) fail(`${paged}: the tools are [${namesOf(tools)}], neither the plain tools/list's [${plain}] nor an empty page`);
    return `${tracked} and ${paged}: the same ${plain.split(', ').length} tools`;
  },
};
