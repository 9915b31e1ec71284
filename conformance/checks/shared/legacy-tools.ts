import { fail } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { describeResponse } from '../../expect.js';
import { isObject } from '../../mcp.js';

/** The result of a 2025-11-25 request after initialize, or the failure that says what came instead. */
export async function legacyResult(ctx: CheckContext, method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>> {
  // A fresh token for each send: a wait for the rate limit may outlast a short-lived one.
  const { exchange, message } = await ctx.mcp.request(() => ctx.connected(), method, params);
  const result = message?.result;
  if (exchange.response.status !== 200 || !isObject(result)) fail(`${method}: expected HTTP 200 with a result, got ${describeResponse(exchange)}`);
  return result;
}

/** The tools of one 2025-11-25 `tools/list`, each an object. */
export async function legacyTools(ctx: CheckContext): Promise<Record<string, unknown>[]> {
  const tools = (await legacyResult(ctx, 'tools/list'))['tools'];
  if (!Array.isArray(tools) || tools.length === 0 || !tools.every(isObject)) fail(`tools/list: "tools" is ${JSON.stringify(tools)?.slice(0, 160)}, not a list of tools`);
  return tools;
}
