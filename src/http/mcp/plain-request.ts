import type { JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { isPlainObject } from '../../mcp/plain-object.js';


const requestKeys = new Set(['jsonrpc', 'id', 'method', 'params']);

/**
 * A JSON-RPC request the SDK's `JSONRPCMessageSchema` accepts as it is, told without zod (four
 * zod passes a request cost ~10 µs): only the four keys, version 2.0, a string or integer id, a
 * method other than `initialize` (whose params the version check reads), and params, if any, an
 * object without the `_meta` the schema would check or a `__proto__` its copy would lose. Anything
 * else goes through the schema, as before.
 */
export function isPlainRequest(message: unknown): message is JSONRPCRequest {
  if (!isPlainObject(message)) return false;
  for (const key in message) if (!requestKeys.has(key)) return false;
  const { jsonrpc, id, method, params } = message;
  if (jsonrpc !== '2.0' || typeof method !== 'string' || method === 'initialize') return false;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return false;
  return params === undefined || (isPlainObject(params) && !Object.hasOwn(params, '_meta') && !Object.hasOwn(params, '__proto__'));
}
