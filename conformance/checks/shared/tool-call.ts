import { fail } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { describeResponse } from '../../expect.js';
import { isObject, toolErrorMessage, type ToolResult } from '../../mcp.js';

/** A successful 2025-11-25 tool call: the whole result and its structuredContent, or the failure that says what came instead. */
export async function callToolOk(ctx: CheckContext, name: string, args: Record<string, unknown>): Promise<{ result: Record<string, unknown>; structured: Record<string, unknown> }> {
  // A fresh token for each send: a wait for the rate limit may outlast a short-lived one.
  const { exchange, message } = await ctx.mcp.callTool(() => ctx.connected(), name, args);
  const result = message?.result;
  if (exchange.response.status !== 200 || !isObject(result)) fail(`tools/call ${name}: expected HTTP 200 with a result, got ${describeResponse(exchange)}`);
  if (result['isError'] === true) fail(`tools/call ${name}: tool error "${toolErrorMessage(result as ToolResult) ?? JSON.stringify(result['content'])?.slice(0, 160)}"`);
  const structured = result['structuredContent'];
  if (!isObject(structured)) fail(`tools/call ${name}: the result has no structuredContent object`);
  return { result, structured };
}
