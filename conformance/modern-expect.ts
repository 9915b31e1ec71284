/** What the modern-era checks share: their token, and how they read a refusal or a result. */
import { fail } from './check.js';
import type { CheckContext } from './context.js';
import { describeResponse } from './expect.js';
import type { Exchange } from './http.js';
import { isObject, type BearerToken, type JsonRpcResponse } from './mcp.js';

/**
 * The main token for the modern checks, renewed for every send. No check needs to ask whether the
 * deployment speaks 2026-07-28: the runner runs a modern check only once `server/discover` said
 * so, and under `--protocol auto` skips it otherwise (eras.ts, `requireEraOf`).
 */
export function modernToken(ctx: CheckContext): BearerToken {
  return () => ctx.accessToken();
}

/** The JSON-RPC error of a refused modern request: its HTTP status, code, and the request's id. */
export function expectModernError(
  answer: { id: string | number; exchange: Exchange; message: JsonRpcResponse | undefined },
  status: number,
  code: number | readonly number[],
  what: string,
): JsonRpcResponse['error'] {
  const { exchange, message } = answer;
  const codes = typeof code === 'number' ? [code] : code;
  if (exchange.response.status !== status || message?.error === undefined || !codes.includes(message.error.code)) {
    fail(`${what}: expected HTTP ${status} with JSON-RPC error ${codes.join(' or ')}, got ${describeResponse(exchange)}`);
  }
  if (message.id !== answer.id) fail(`${what}: the error answers id ${JSON.stringify(message.id)}, not the request's ${answer.id}`);
  return message.error;
}

/** A successful modern result, or the failure that says what came instead. */
export function expectModernResult(answer: { exchange: Exchange; message: JsonRpcResponse | undefined }, what: string): Record<string, unknown> {
  const result = answer.message?.result;
  if (answer.exchange.response.status !== 200 || !isObject(result)) fail(`${what}: expected HTTP 200 with a result, got ${describeResponse(answer.exchange)}`);
  return result;
}

/**
 * The tools of one `tools/list`, each an object, or the failure that says what came instead. Each
 * request takes a fresh token: a wait for the rate limit may outlast a short-lived one.
 */
export async function modernTools(ctx: CheckContext): Promise<Record<string, unknown>[]> {
  const tools = expectModernResult(await ctx.modern.request(() => ctx.accessToken(), 'tools/list'), 'tools/list')['tools'];
  if (!Array.isArray(tools) || tools.length === 0) fail(`tools/list: "tools" is ${JSON.stringify(tools)}, not a list of tools`);
  const strays = tools.filter((tool) => !isObject(tool));
  if (strays.length > 0) fail(`tools/list: ${JSON.stringify(strays[0])} is not a tool object`);
  return tools as Record<string, unknown>[];
}

/** The capabilities `server/discover` declares. */
export async function modernCapabilities(ctx: CheckContext): Promise<Record<string, unknown>> {
  const capabilities = expectModernResult(await ctx.modern.request(() => ctx.accessToken(), 'server/discover'), 'server/discover')['capabilities'];
  if (!isObject(capabilities)) fail(`server/discover: "capabilities" is ${JSON.stringify(capabilities)}, not an object`);
  return capabilities;
}
