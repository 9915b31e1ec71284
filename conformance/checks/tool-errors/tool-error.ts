import { fail } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { requestIn, erasToTry, type SpokenEra } from '../../each-era.js';
import { LEGACY_REVISION } from '../../eras.js';
import { expectStatus } from '../../expect.js';
import { toolErrorMessage, type ToolResult } from '../../mcp.js';

/**
 * Section 7.2, in every era the deployment offers (the rule does not depend on the era): a tool
 * that cannot complete answers inside a successful HTTP response and JSON-RPC envelope, with a
 * result marked `isError: true` carrying `{"error": "<message>"}`, so the client keeps its
 * connection. `judge` reads each era's message, naming the era in its failure (and fails or skips); resolves to an account.
 */
export async function expectToolErrorInEachEra(
  ctx: CheckContext,
  tool: string,
  args: Record<string, unknown>,
  what: string,
  judge: (message: string, era: SpokenEra) => void,
): Promise<string> {
  const messages: string[] = [];
  for (const era of await erasToTry(ctx)) {
    const message = await expectToolError(ctx, era, tool, args, `${era}: ${what}`);
    judge(message, era);
    messages.push(`${era}: tool error "${message}"`);
  }
  return messages.join('; ');
}

async function expectToolError(ctx: CheckContext, era: SpokenEra, tool: string, args: Record<string, unknown>, what: string): Promise<string> {
  // A fresh token for each send: a wait for the rate limit may outlast a short-lived one.
  const token = era === LEGACY_REVISION ? () => ctx.connected() : () => ctx.accessToken();
  const { exchange, message } = await requestIn(ctx, era, token, 'tools/call', { name: tool, arguments: args });
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
