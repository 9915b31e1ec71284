/** What the modern-era checks share: their token, and how they read a refusal or a result. */
import { fail, skip } from './check.js';
import type { CheckContext } from './context.js';
import { describeResponse } from './expect.js';
import type { Exchange } from './http.js';
import { isObject, type JsonRpcResponse } from './mcp.js';
import { MODERN_REVISION } from './modern.js';

/**
 * A token for the modern checks, once the deployment has shown with `server/discover` that it
 * speaks 2026-07-28. Under `--protocol auto` a deployment that does not is skipped, not failed:
 * the era is optional; asked for by name, its absence fails.
 */
export async function modernToken(ctx: CheckContext): Promise<string> {
  const token = await ctx.accessToken();
  const probe = await ctx.once('ask server/discover which revisions the deployment speaks', async () => {
    const { exchange, message } = await ctx.modern.request(token, 'server/discover');
    const versions = message?.result?.['supportedVersions'];
    return Array.isArray(versions) && versions.includes(MODERN_REVISION) ? undefined : describeResponse(exchange);
  });
  if (probe === undefined) return ctx.accessToken();
  const why = `the deployment does not speak ${MODERN_REVISION}: server/discover answered ${probe}`;
  return ctx.settings.protocol === 'auto' ? skip(why) : fail(why);
}

/** The JSON-RPC error of a refused modern request: its HTTP status, code, and the request's id. */
export function expectModernError(answer: { id: number; exchange: Exchange; message: JsonRpcResponse | undefined }, status: number, code: number, what: string): JsonRpcResponse['error'] {
  const { exchange, message } = answer;
  if (exchange.response.status !== status || message?.error?.code !== code) {
    fail(`${what}: expected HTTP ${status} with JSON-RPC error ${code}, got ${describeResponse(exchange)}`);
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
