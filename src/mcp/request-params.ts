import { ErrorCode, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields `initialize` needs, in the order a person would fix them. */
const initializeFields = [
  ['protocolVersion', 'string'],
  ['capabilities', 'object'],
  ['clientInfo', 'object'],
  ['clientInfo.name', 'string'],
  ['clientInfo.version', 'string'],
] as const;

/**
 * JSON-RPC -32602 for a `tools/call` or `initialize` whose envelope is malformed, instead of the
 * SDK's -32603 (1.x) or -32602 (2.x) carrying a raw schema dump. Bad argument values inside a
 * well-formed call stay tool errors.
 */
export function invalidParams(request: JSONRPCRequest): JSONRPCMessage | undefined {
  const message = request.method === 'tools/call' ? invalidToolCall(request.params) : request.method === 'initialize' ? invalidInitialize(request.params) : undefined;
  return message === undefined ? undefined : { jsonrpc: '2.0', id: request.id, error: { code: ErrorCode.InvalidParams, message } };
}

function invalidToolCall(params: unknown): string | undefined {
  const args = isObject(params) ? params.arguments : undefined;
  if (isObject(params) && typeof params.name === 'string' && (args === undefined || isObject(args))) return undefined;
  return 'Invalid params: tools/call needs params.name (a string) and params.arguments (an object, if given)';
}

function invalidInitialize(params: unknown): string | undefined {
  for (const [path, kind] of initializeFields) {
    let value: unknown = params;
    for (const key of path.split('.')) value = isObject(value) ? value[key] : undefined;
    if (kind === 'string' ? typeof value === 'string' : isObject(value)) continue;
    return `Invalid params: initialize needs params.${path} (${kind === 'string' ? 'a string' : 'an object'}), got ${describe(value)}`;
  }
  return undefined;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `the ${typeof value} ${JSON.stringify(value)}`;
}
