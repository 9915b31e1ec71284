import { fail, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { describeResponse } from '../../expect.js';
import type { ToolResult } from '../../mcp.js';

/**
 * No W3C trace context (version 00 wants 32 and 16 lowercase hex digits): a receiver ignores it
 * and restarts the trace (W3C Trace Context, "traceparent Header").
 */
const NOT_A_TRACEPARENT = '00-not-a-trace';

/** get_me with `meta` in its params (and `headers` on the POST), answered as a plain call is: its text. */
async function getMeWith(ctx: CheckContext, what: string, meta: Record<string, unknown>, headers: Record<string, string> = {}): Promise<string> {
  const params = { name: 'get_me', arguments: {}, _meta: meta };
  const { exchange, message } = await ctx.mcp.request(() => ctx.connected(), 'tools/call', params, { headers });
  const result = message?.result as ToolResult | undefined;
  if (exchange.response.status !== 200 || !result) fail(`tools/call get_me with ${what}: expected HTTP 200 with a result, got ${describeResponse(exchange)}`);
  if (result.isError) fail(`tools/call get_me with ${what}: the result is a tool error: ${JSON.stringify(result.content)?.slice(0, 160)}`);
  const text = result.content?.find((item) => item.type === 'text')?.text;
  if (text === undefined) fail(`tools/call get_me with ${what}: the result has no text content`);
  return text;
}

export const toolsCallWithMeta: Check = {
  id: 'tools-call-with-meta',
  group: 'mcp',
  title: 'A tools/call whose params carry _meta (a progressToken; a traceparent that is no W3C trace context, in _meta and as the HTTP header) runs the tool as a plain one does',
  spec: 'MCP 2025-11-25 basic/index "_meta" (a request may carry _meta, its values free but for reserved keys); basic/utilities/progress (progressToken in _meta); server/tools "Calling Tools"; W3C Trace Context "traceparent Header" (a receiver ignores one it cannot parse)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    // A client that asks for progress sends _meta with every call; the tool must still run.
    const text = await getMeWith(ctx, '_meta.progressToken', { progressToken: 'conformance-progress' });
    // A proxy or a tracing library hands on whatever trace context it holds, well formed or not.
    const traced = `_meta.traceparent and the traceparent header ${JSON.stringify(NOT_A_TRACEPARENT)}`;
    const tracedText = await getMeWith(ctx, traced, { traceparent: NOT_A_TRACEPARENT }, { traceparent: NOT_A_TRACEPARENT });
    if (tracedText !== text) fail(`tools/call get_me with ${traced}: the answer ${JSON.stringify(tracedText.slice(0, 120))} differs from the one without it ${JSON.stringify(text.slice(0, 120))}`);
    return `get_me answered with _meta.progressToken, and the same with ${traced}: ${text.length > 80 ? `${text.slice(0, 80)}…` : text}`;
  },
};
