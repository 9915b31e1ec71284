import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import type { ToolResult } from '../../mcp.js';

export const toolsCallWithMeta: Check = {
  id: 'tools-call-with-meta',
  group: 'mcp',
  title: 'A tools/call whose params carry _meta (a progressToken) runs the tool as a plain one does',
  spec: 'MCP 2025-11-25 basic/index "_meta" (a request may carry _meta); basic/utilities/progress (progressToken in _meta); server/tools "Calling Tools"',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    // A client that asks for progress sends _meta with every call; the tool must still run.
    const params = { name: 'get_me', arguments: {}, _meta: { progressToken: 'conformance-progress' } };
    const { exchange, message } = await ctx.mcp.request(() => ctx.connected(), 'tools/call', params);
    const result = message?.result as ToolResult | undefined;
    if (exchange.response.status !== 200 || !result) fail(`tools/call get_me with _meta.progressToken: expected HTTP 200 with a result, got ${describeResponse(exchange)}`);
    if (result.isError) fail(`tools/call get_me with _meta.progressToken: the result is a tool error: ${JSON.stringify(result.content)?.slice(0, 160)}`);
    const text = result.content?.find((item) => item.type === 'text')?.text;
    if (text === undefined) fail('tools/call get_me with _meta.progressToken: the result has no text content');
    return `get_me answered with _meta.progressToken: ${text.length > 80 ? `${text.slice(0, 80)}…` : text}`;
  },
};
