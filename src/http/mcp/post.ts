import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ErrorCode,
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  isInitializeRequest,
  isJSONRPCRequest,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import type { BatchWork } from '../../mcp/batch-work.js';
import type { McpDispatcher } from '../../mcp/server.js';
import { sendJson, type JsonAnswer } from '../json-answer.js';
import { modernRevision } from '../../mcp/modern-revision.js';
import { decideEra, modernRefusal } from './era.js';
import { isPlainRequest } from './plain-request.js';
import { answerModern } from './modern.js';
import { sendAnswer } from './rpc-answer.js';
import { PostEventStream } from './event-stream.js';
import type { BearerAuth } from './bearer-check.js';
import { BodyTooLargeError, ClientGoneError, readBody, UnreadableBodyError } from './read-body.js';
import { scanRequestShape, type ScannedViolation } from './request-scan.js';
import { noteMessages } from '../telemetry/request-notes.js';
import { noteTraceMeta } from '../telemetry/trace-notes.js';

const maxBatch = 100;

export interface PostWork extends BatchWork {
  readonly readAlready?: Promise<Buffer> | undefined;
  readonly gone: AbortSignal;
  /** Gives the POST's in-flight turn back while a call waits for the person; undefined when none came back. */
  readonly whileWaiting?: <T>(waiting: Promise<T>) => Promise<T | undefined>;
  /**
   * Charges a batch's requests against the person's budget beyond the one the POST drew at the
   * gate; the refusal to send (429 for the whole batch) when they do not all fit.
   */
  readonly chargeBatch?: (calls: number) => Promise<JsonAnswer | undefined>;
}

/** Whether a client takes an event stream as the answer of its POST (Streamable HTTP). */
const acceptsEventStream = (accept: string | undefined): boolean => accept !== undefined && /text\/event-stream/i.test(accept);

/** The JSON-RPC responses among a body's messages: a client's answers to the server's requests. */
const isResponse = (message: JSONRPCMessage): boolean => 'id' in message && !('method' in message);

/** The first MCP revision without JSON-RPC batches (2025-06-18 removed them); revisions compare as dates. */
const firstWithoutBatches = '2025-06-18';

/** A JSON-RPC error outside any request (`id: null`), carried by an HTTP error status. */
export function rpcRefusal(status: number, code: number, message: string, headers?: Record<string, string>): JsonAnswer {
  return { status, headers, body: { jsonrpc: '2.0', id: null, error: { code, message } } };
}

/**
 * A body over a request-shape limit, refused before it is even parsed, with the era's
 * invalid-params answer: 2026-07-28's -32602 at 400 (as the SDK refuses a bad envelope; every
 * request of that era names it in `MCP-Protocol-Version`), else -32602 at 200 for each message
 * of the body, under its id, as the 1.x SDK answers invalid params.
 */
function shapeRefusal(headers: IncomingMessage['headers'], { violation, ids, batch }: ScannedViolation): JsonAnswer {
  const data = { limit: violation.limit, max: violation.max, path: violation.path };
  const firstId = ids[0] ?? null;
  if (headers['mcp-protocol-version'] === modernRevision) return modernRefusal(400, firstId, ErrorCode.InvalidParams, violation.message, data);
  const error = (id: string | number | null) => ({ jsonrpc: '2.0', id, error: { code: ErrorCode.InvalidParams, message: violation.message, data } });
  const requestIds = ids.filter((id) => id !== undefined && id !== null);
  if (!batch) return { status: 200, body: error(firstId) };
  return { status: 200, body: requestIds.length > 0 ? requestIds.map(error) : error(null) };
}

/**
 * The messages of a body, or undefined when one is no JSON-RPC 2.0 message. Plain requests pass
 * as they are; anything else goes through the SDK's schema.
 */
function jsonRpcMessages(candidates: unknown[]): { messages: JSONRPCMessage[]; plain: boolean } | undefined {
  if (candidates.every(isPlainRequest)) return { messages: candidates as JSONRPCMessage[], plain: true };
  const messages: JSONRPCMessage[] = [];
  for (const candidate of candidates) {
    const parsed = JSONRPCMessageSchema.safeParse(candidate);
    if (!parsed.success) return undefined;
    messages.push(parsed.data);
  }
  return { messages, plain: false };
}

/**
 * `POST /` after the gate: the body, its media types, the JSON-RPC messages and the protocol
 * version, then the dispatch. A store outage is thrown for the caller's error answer (503).
 */
export function mcpPost(dispatcher: McpDispatcher, limitBytes: number) {
  const tooLarge = rpcRefusal(413, -32000, `Payload Too Large: a JSON-RPC body may have at most ${limitBytes} bytes`);

  /**
   * `readAlready`: the body if it was read before the gate (read-ahead.ts), else it is read here.
   * `gone`: the client hung up; its work stops at the next call and no answer is built.
   */
  return async function answerPost(req: IncomingMessage, res: ServerResponse, auth: BearerAuth, work: PostWork): Promise<void> {
    const { readAlready, gone, nextTurn, whileWaiting, chargeBatch } = work;
    let raw: Buffer;
    try {
      raw = await (readAlready ?? readBody(req, limitBytes));
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendJson(res, tooLarge);
      if (error instanceof UnreadableBodyError) return sendJson(res, rpcRefusal(error.status, -32000, error.message));
      if (error instanceof ClientGoneError) return;
      throw error;
    }
    const accept = req.headers.accept;
    if (accept && !/application\/json|\*\/\*|application\/\*/i.test(accept)) {
      return sendJson(res, rpcRefusal(406, -32000, 'Not Acceptable: the client must accept application/json'));
    }
    if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
      return sendJson(res, rpcRefusal(415, -32000, 'Unsupported Media Type: Content-Type must be application/json'));
    }
    // On the bytes, before anything reads the messages: on every path and in both eras.
    const scanned = scanRequestShape(raw);
    if (scanned) return sendJson(res, shapeRefusal(req.headers, scanned));
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return sendJson(res, rpcRefusal(400, ErrorCode.ParseError, 'Parse error: the body is not valid JSON'));
    }
    const era = await decideEra(req.headers, body);
    if ('refusal' in era) return sendJson(res, era.refusal);
    if (era.era === 'modern') {
      noteMessages(res, '2026-07-28', [era.request]);
      noteTraceMeta(res, [era.request]);
      return answerModern(res, dispatcher, era.request, auth, gone);
    }
    if (era.era === 'modern-notification') {
      res.statusCode = 202;
      res.end();
      return;
    }
    const batch = Array.isArray(body);
    const version = req.headers['mcp-protocol-version'];
    if (batch && typeof version === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(version) && version >= firstWithoutBatches) {
      return sendJson(res, rpcRefusal(400, ErrorCode.InvalidRequest, `Invalid Request: MCP-Protocol-Version ${version} has no JSON-RPC batches (removed in ${firstWithoutBatches}): send one message per request`));
    }
    const candidates = batch ? (body as unknown[]) : [body];
    if (candidates.length === 0 || candidates.length > maxBatch) {
      return sendJson(res, rpcRefusal(400, ErrorCode.InvalidRequest, `Invalid Request: send 1 to ${maxBatch} messages`));
    }
    const read = jsonRpcMessages(candidates);
    if (!read) return sendJson(res, rpcRefusal(400, ErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC 2.0 message'));
    const { messages, plain } = read;
    noteMessages(res, '2025-11-25', messages);
    noteTraceMeta(res, messages);
    // Plain requests are requests and never `initialize` (isPlainRequest): no zod guard need say so.
    const initializing = !plain && messages.some(isInitializeRequest);
    if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version) && !initializing) {
      return sendJson(
        res,
        rpcRefusal(400, -32000, `Bad Request: unsupported MCP-Protocol-Version '${version}' (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`),
      );
    }
    if (batch && chargeBatch) {
      // Each call of a batch is charged, before any runs (spec 8 rule 1: each tools/call costs one).
      const refusal = await chargeBatch(plain ? messages.length : messages.filter(isJSONRPCRequest).length);
      if (refusal) return sendJson(res, refusal);
    }
    if (!plain && !messages.some(isJSONRPCRequest)) {
      await dispatcher.handle(messages, {});
      await dispatcher.hear(messages.filter(isResponse), auth.authInfo);
      res.statusCode = 202;
      res.end();
      return;
    }
    // One request whose client takes an event stream may ask the person on it (event-stream.ts).
    const stream = !batch && whileWaiting && acceptsEventStream(accept) ? new PostEventStream(res) : undefined;
    const ask = stream && whileWaiting && { send: stream.send, whileWaiting, gone };
    const answers = await dispatcher.handle(messages, { authInfo: auth.authInfo, requestInfo: { headers: req.headers } }, { gone, nextTurn, ask });
    if (gone.aborted) return;
    if (stream?.started) return stream.finish(answers[0]);
    await sendAnswer(res, 200, batch ? answers : answers[0], gone);
  };
}
