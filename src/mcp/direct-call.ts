import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { ErrorCode, type CallToolResult, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { StoreUnavailableError } from '../store/errors.js';
import { isPlainObject } from './plain-object.js';

/** What a plain `tools/call` asks for, and who asks. */
export interface DirectCall {
  readonly name: string;
  readonly args: Record<string, unknown> | undefined;
  readonly authInfo: AuthInfo;
}

/**
 * A `tools/call` that the SDK 1.x server would only pass through to our handler: params holding
 * `name` (a string) and `arguments` (a plain object, or none) and nothing else (no `_meta`, no
 * `task`), and an authenticated person. For these the server's work is zod checks that cannot
 * fail, an AbortController and a chain of promises (~35 µs of a request, bench/README.md), so
 * the dispatcher calls the tool itself (`answerDirectly`); anything else goes through the server.
 * A `__proto__` key is left to the server too: its zod copy of the arguments sets a prototype
 * where JSON.parse made a key.
 */
export function directCall(request: JSONRPCRequest, authInfo: AuthInfo | undefined): DirectCall | undefined {
  if (request.method !== 'tools/call' || typeof authInfo?.extra?.['userId'] !== 'string') return undefined;
  const { params } = request;
  if (!isPlainObject(params)) return undefined;
  for (const key in params) if (key !== 'name' && key !== 'arguments') return undefined;
  const { name, arguments: args } = params;
  if (typeof name !== 'string') return undefined;
  if (args !== undefined && (!isPlainObject(args) || Object.hasOwn(args, '__proto__'))) return undefined;
  return { name, args, authInfo };
}

/**
 * The SDK 1.x server's answer to a direct call, byte for byte (test/mcp/direct-call.test.ts
 * compares the two over every tool and failure): the result under the caller's id, or the error
 * the server makes of a throw. A store outage rejects, as it does through the server.
 */
export async function answerDirectly(
  request: JSONRPCRequest,
  call: DirectCall,
  callTool: (name: string, args: unknown, authInfo: AuthInfo) => Promise<CallToolResult>,
): Promise<JSONRPCMessage> {
  try {
    return { result: await callTool(call.name, call.args, call.authInfo), jsonrpc: '2.0', id: request.id } as JSONRPCMessage;
  } catch (error) {
    if (error instanceof StoreUnavailableError) throw error;
    const { code, message, data } = error as { code?: unknown; message?: string; data?: unknown };
    return {
      jsonrpc: '2.0',
      id: request.id,
      error: {
        code: Number.isSafeInteger(code) ? (code as number) : ErrorCode.InternalError,
        message: message ?? 'Internal error',
        ...(data !== undefined && { data }),
      },
    };
  }
}
