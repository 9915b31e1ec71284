import { fail } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { requestIn, type SpokenEra } from '../../each-era.js';
import { LEGACY_REVISION } from '../../eras.js';
import { describeResponse } from '../../expect.js';
import type { Exchange } from '../../http.js';
import { CLIENT_CAPABILITIES, isObject, toolErrorMessage, type BearerToken, type JsonRpcResponse, type ToolResult } from '../../mcp.js';

/** A tools/call and its answer. */
export interface CallAnswer {
  readonly exchange: Exchange;
  readonly message: JsonRpcResponse | undefined;
}

/** The elicitation the runner declares when it plays a client that can ask its person (2026-07-28 `_meta`). */
export const FORM_ELICITATION = { form: {} };

/**
 * A tools/call in `era` with `params` (name, arguments, and in 2026-07-28 perhaps inputResponses
 * and requestState), as a client that declares `elicitation` in its `_meta` capabilities, else as
 * the runner always is: one that cannot ask its person. A fresh token for each send, of the
 * runner's own client unless `token` says another's.
 */
export async function callTool(
  ctx: CheckContext,
  era: SpokenEra,
  params: Record<string, unknown>,
  elicitation?: Record<string, unknown>,
  token?: BearerToken,
): Promise<CallAnswer> {
  if (era === LEGACY_REVISION) return requestIn(ctx, era, token ?? (() => ctx.connected()), 'tools/call', params);
  const meta = elicitation ? { meta: { 'io.modelcontextprotocol/clientCapabilities': { ...CLIENT_CAPABILITIES, elicitation } } } : {};
  return ctx.modern.request(token ?? (() => ctx.accessToken()), 'tools/call', params, meta);
}

/** The result of an answer, or the failure that says what came instead. */
export function resultOf(answer: CallAnswer, what: string): Record<string, unknown> & ToolResult {
  const result = answer.message?.result;
  if (answer.exchange.response.status !== 200 || !isObject(result)) fail(`${what}: expected HTTP 200 with a result, got ${describeResponse(answer.exchange)}`);
  return result;
}

/** The JSON object a tool result carries: its structuredContent, else its first text block parsed. */
export function payloadOf(result: ToolResult): Record<string, unknown> | undefined {
  if (isObject(result.structuredContent)) return result.structuredContent;
  for (const item of result.content ?? []) {
    if (item.type !== 'text' || item.text === undefined) continue;
    try {
      const parsed = JSON.parse(item.text) as unknown;
      if (isObject(parsed)) return parsed;
    } catch {
      // Not JSON: try the next block.
    }
  }
  return undefined;
}

/** The successful payload of a tool call, or the failure naming the tool error or what came instead. */
export async function toolPayload(ctx: CheckContext, era: SpokenEra, name: string, args: Record<string, unknown>, what: string): Promise<Record<string, unknown>> {
  const result = resultOf(await callTool(ctx, era, { name, arguments: args }), what);
  if (result.isError === true) fail(`${what}: tool error "${toolErrorMessage(result) ?? JSON.stringify(result.content)}"`);
  const payload = payloadOf(result);
  if (!payload) fail(`${what}: the result carries no JSON object`);
  return payload;
}
