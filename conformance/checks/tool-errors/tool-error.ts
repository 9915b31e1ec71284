import { fail } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { expectStatus } from '../../expect.js';
import { toolErrorMessage, type ToolResult } from '../../mcp.js';

/**
 * Section 7.2: a tool that cannot complete answers inside a successful HTTP response and
 * JSON-RPC envelope, with a result marked `isError: true` carrying `{"error": "<message>"}`,
 * so the client keeps its connection. Resolves to the message.
 */
export async function expectToolError(
  ctx: CheckContext,
  tool: string,
  args: Record<string, unknown>,
  what: string,
): Promise<string> {
  // A fresh token for each send: a wait for the rate limit may outlast a short-lived one.
  const { exchange, message } = await ctx.mcp.callTool(() => ctx.connected(), tool, args);
  expectStatus(exchange, 200, `${what} (a tool error travels in a successful response)`);
  if (message?.error) {
    fail(
      `${what}: came back as JSON-RPC error ${message.error.code} "${message.error.message}"; a tool error is a result with isError: true`,
    );
  }
  const result = message?.result as ToolResult | undefined;
  if (!result) fail(`${what}: the response has no JSON-RPC result`);
  if (result.isError !== true) fail(`${what}: the result is not marked isError: true`);
  const text = toolErrorMessage(result);
  if (text === undefined) fail(`${what}: the tool error does not carry {"error": "<message>"}`);
  return text;
}
