import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { ErrorCode, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { StoreUnavailableError } from '../store/errors.js';
import { keepText, keptText } from './answer-cache.js';
import { modernConfirmation } from './confirmations/input-required.js';
import { modernCacheHints } from './modern-cache-hints.js';
import { modernRevision } from './modern-revision.js';
import { offersResultsView, withoutViews } from './results-app/resource.js';
import { isPlainObject } from './plain-object.js';
import { resourceNotFoundCode, resourceNotFoundMessage, surfaceCapabilities, type McpSurface } from './surface.js';

const versionKey = 'io.modelcontextprotocol/protocolVersion';
const capabilitiesKey = 'io.modelcontextprotocol/clientCapabilities';
const clientInfoKey = 'io.modelcontextprotocol/clientInfo';
const serverInfoKey = 'io.modelcontextprotocol/serverInfo';

/** The params each directly answered method may carry besides `_meta`, and whether they are as the SDK's schema takes them. */
const plainParams: Readonly<Record<string, (params: Record<string, unknown>) => boolean>> = {
  // A retry of an input-required result (SEP-2322) carries the person's answers and the echoed state.
  'tools/call': ({ name, arguments: args, inputResponses, requestState, ...rest }) =>
    typeof name === 'string' &&
    (args === undefined || (isPlainObject(args) && !Object.hasOwn(args, '__proto__'))) &&
    optional(inputResponses, isPlainObject) &&
    optional(requestState, (state) => typeof state === 'string') &&
    onlyMeta(rest),
  'tools/list': onlyMeta,
  'resources/read': ({ uri, ...rest }) => typeof uri === 'string' && onlyMeta(rest),
  'server/discover': onlyMeta,
};

function onlyMeta(params: Record<string, unknown>): boolean {
  for (const key in params) if (key !== '_meta') return false;
  return true;
}

const optional = (value: unknown, test: (value: unknown) => boolean): boolean => value === undefined || test(value);
const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
const objectsOnly = (record: Record<string, unknown>): boolean => Object.values(record).every(isPlainObject);

/**
 * Client capabilities the SDK's `ClientCapabilities2026Schema` accepts, told without zod: every
 * value an object, and the few typed fields of the ones it knows of the right type. Keys it
 * does not know it drops, and so may we. Anything else goes to the SDK server, which refuses it.
 */
function plainCapabilities(capabilities: unknown): boolean {
  if (!isPlainObject(capabilities)) return false;
  for (const [key, value] of Object.entries(capabilities)) {
    if (!isPlainObject(value)) return false;
    if (key === 'roots' && !optional(value['listChanged'], isBoolean)) return false;
    if (key === 'sampling' && !(optional(value['context'], isPlainObject) && optional(value['tools'], isPlainObject))) return false;
    if ((key === 'experimental' || key === 'extensions') && !objectsOnly(value)) return false;
    if (key === 'elicitation') {
      const { form, url } = value;
      if (!optional(url, isPlainObject) || !optional(form, (f) => isPlainObject(f) && optional(f['applyDefaults'], isBoolean))) return false;
    }
  }
  return true;
}

/** The envelope every 2026-07-28 client sends: the revision, its capabilities and, if any, its name and version. */
function plainEnvelope(meta: unknown): boolean {
  if (!isPlainObject(meta)) return false;
  for (const key in meta) if (key !== versionKey && key !== capabilitiesKey && key !== clientInfoKey) return false;
  if (meta[versionKey] !== modernRevision || !plainCapabilities(meta[capabilitiesKey])) return false;
  return optional(meta[clientInfoKey], (info) => {
    if (!isPlainObject(info) || typeof info['name'] !== 'string' || typeof info['version'] !== 'string') return false;
    for (const key in info) if (key !== 'name' && key !== 'version' && key !== 'title') return false;
    return optional(info['title'], (title) => typeof title === 'string');
  });
}

/**
 * A 2026-07-28 request the SDK 2.x server would only pass to our handler: exactly the four
 * JSON-RPC keys, a string or integer id, one of the four methods with the params its schema
 * takes and a plain envelope (`plainEnvelope`), and, for a tools/call, an authenticated person.
 * The HTTP layer has checked the headers against the body (http/mcp/era.ts).
 */
function isPlainModern(request: JSONRPCRequest, authInfo: AuthInfo | undefined): boolean {
  const message = request as unknown as Record<string, unknown>;
  for (const key in message) if (key !== 'jsonrpc' && key !== 'id' && key !== 'method' && key !== 'params') return false;
  const { id, method, params } = message;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return false;
  const plain = typeof method === 'string' && Object.hasOwn(plainParams, method) ? plainParams[method] : undefined;
  if (!plain || !isPlainObject(params) || !plain(params) || !plainEnvelope(params['_meta'])) return false;
  return method !== 'tools/call' || typeof authInfo?.extra?.['userId'] === 'string';
}

export interface ModernDirect {
  /** The SDK 2.x server's answer to a plain request, or undefined for any other: the server answers that. */
  answer(request: JSONRPCRequest, authInfo: AuthInfo | undefined): Promise<JSONRPCMessage> | undefined;
}

type Result = Record<string, unknown>;

/**
 * Answers the plain shape of a 2026-07-28 `tools/call`, `tools/list`, `resources/read` and
 * `server/discover` as the SDK 2.x server does (modern-server.ts), byte for byte
 * (test/mcp/modern-direct.test.ts compares the two): our handler's result, then the SDK's encode
 * steps (`resultType`, the cache hints of modern-cache-hints.ts, the server-info `_meta`), or the
 * error the server makes of a throw. Through the server a tools/call costs ~3.4× the CPU of the
 * legacy direct path (issue 27); the answers of the three constant methods are built once.
 */
export function modernDirect(surface: McpSurface): ModernDirect {
  const serverInfoMeta = { [serverInfoKey]: surface.info };

  /** The encode contract of the SDK (stampResultType, fillCacheFields, stampServerInfoMeta) for what our handlers return. */
  function encode(method: string, result: Result): Result {
    const typed = result['resultType'] === undefined ? { ...result, resultType: 'complete' } : result;
    const hints = (modernCacheHints as Readonly<Record<string, { ttlMs: number; cacheScope: string }>>)[method];
    const cached = hints && typed['resultType'] === 'complete' ? { ...typed, ttlMs: hints.ttlMs, cacheScope: hints.cacheScope } : typed;
    const meta = cached['_meta'];
    if (meta === undefined) return { ...cached, _meta: serverInfoMeta };
    if (!isPlainObject(meta) || meta[serverInfoKey] !== undefined) return cached;
    return { ...cached, _meta: { ...meta, ...serverInfoMeta } };
  }

  /** A constant result, encoded and serialised once. */
  function constant(method: string, result: Result): () => Result {
    let encoded: Result | undefined;
    return () => {
      if (!encoded) {
        encoded = encode(method, result);
        keepText(encoded, JSON.stringify(encoded));
      }
      return encoded;
    };
  }

  // Two lists: hosts that offer MCP Apps see the results view named, other clients do not.
  const toolList = constant('tools/list', surface.listTools() as Result);
  const toolListWithoutViews = constant('tools/list', withoutViews(surface.listTools()) as Result);
  const discovery = constant('server/discover', {
    supportedVersions: [modernRevision],
    capabilities: surfaceCapabilities,
    ...(surface.instructions && { instructions: surface.instructions }),
  });
  const readings = new Map<string, () => Result>();

  /** Tool answers the answer cache keeps (the same object while exact), encoded once each, their text from the kept one's. */
  const encodedAnswers = new WeakMap<object, Result>();
  function encodeAnswer(result: Result): Result {
    const known = encodedAnswers.get(result);
    if (known) return known;
    const encoded = encode('tools/call', result);
    const text = keptText(result);
    if (text === undefined) return encoded;
    // The encoding only appended these two keys: the kept text, then theirs.
    const appended = text !== '{}' && !('resultType' in result) && !('_meta' in result);
    const tail = JSON.stringify({ resultType: encoded['resultType'], _meta: encoded['_meta'] });
    keepText(encoded, appended ? `${text.slice(0, -1)},${tail.slice(1)}` : JSON.stringify(encoded));
    encodedAnswers.set(result, encoded);
    return encoded;
  }

  const success = (id: JSONRPCRequest['id'], result: Result): JSONRPCMessage => ({ result, jsonrpc: '2.0', id }) as JSONRPCMessage;

  /** The error the SDK server sends for a handler's throw: its integer code (-32002 as -32602 in this revision), message and data. */
  function failure(id: JSONRPCRequest['id'], error: unknown): JSONRPCMessage {
    const { code, message, data } = error as { code?: unknown; message?: string; data?: unknown };
    const thrown = Number.isSafeInteger(code) ? (code as number) : ErrorCode.InternalError;
    return {
      jsonrpc: '2.0',
      id,
      error: { code: thrown === resourceNotFoundCode ? ErrorCode.InvalidParams : thrown, message: message ?? 'Internal error', ...(data !== undefined && { data }) },
    };
  }

  async function callTool(request: JSONRPCRequest, authInfo: AuthInfo | undefined): Promise<JSONRPCMessage> {
    const { name, arguments: args, inputResponses, requestState, _meta } = request.params as {
      name: string;
      arguments?: unknown;
      inputResponses?: unknown;
      requestState?: string;
      _meta: Record<string, unknown>;
    };
    const confirm = modernConfirmation(_meta[capabilitiesKey], { inputResponses, requestState });
    try {
      return success(request.id, encodeAnswer((await surface.callTool(name, args, authInfo, confirm)) as Result));
    } catch (error) {
      // As through the server (pending-exchanges.ts): the HTTP layer answers a store outage 503.
      if (error instanceof StoreUnavailableError) throw error;
      return failure(request.id, error);
    }
  }

  function read(request: JSONRPCRequest): JSONRPCMessage {
    const { uri } = request.params as { uri: string };
    let reading = readings.get(uri);
    if (!reading) {
      const view = surface.readResource(uri);
      // What the server's handler throws (ResourceNotFoundError), as the server sends it.
      if (!view) return failure(request.id, { code: resourceNotFoundCode, message: resourceNotFoundMessage(uri), data: { uri } });
      reading = constant('resources/read', view as Result);
      readings.set(uri, reading);
    }
    return success(request.id, reading());
  }

  return {
    answer(request, authInfo) {
      if (!isPlainModern(request, authInfo)) return undefined;
      switch (request.method) {
        case 'tools/call':
          return callTool(request, authInfo);
        case 'tools/list': {
          const capabilities = (request.params?._meta as Record<string, unknown>)[capabilitiesKey];
          return Promise.resolve(success(request.id, offersResultsView(capabilities) ? toolList() : toolListWithoutViews()));
        }
        case 'server/discover':
          return Promise.resolve(success(request.id, discovery()));
        default:
          return Promise.resolve(read(request));
      }
    },
  };
}
