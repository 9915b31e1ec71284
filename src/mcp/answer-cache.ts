import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SharedReads } from '../store/shared-reads.js';
import { StampedCache } from '../store/stamped-cache.js';
import { isPlainObject } from './plain-object.js';

/** Past this many answers the cache starts over: memory stays bounded whoever asks what. */
const maxAnswers = 2_000;

/**
 * The tools whose answer is a function of the stored data, the person and the arguments alone,
 * with when an answer stops being exact although nothing was written. `get_survey` closes an open
 * or paused survey on the first read at or past its `closes_at` (closeIfDue): its answer holds
 * until then. Reaching the response limit is a write, which moves the stamp.
 */
const cacheableTools: ReadonlyMap<string, (result: CallToolResult) => number> = new Map([
  [
    'get_survey',
    (result: CallToolResult) => {
      const survey = (result.structuredContent as { survey?: { status?: unknown; closes_at?: unknown } } | undefined)?.survey;
      const live = survey?.status === 'open' || survey?.status === 'paused';
      return live && typeof survey?.closes_at === 'string' ? Date.parse(survey.closes_at) : Number.POSITIVE_INFINITY;
    },
  ],
]);

/** The JSON text of results this cache handed out, so an answer is serialised once, not per request. */
const texts = new WeakMap<object, string>();

/** The JSON text of a result this module serialised already (a kept answer, or one given to `keepText`). */
export const keptText = (result: object): string | undefined => texts.get(result);

/** Lets `rpcAnswerText` send `result`, which must not change afterwards, as `text`: its `JSON.stringify`. */
export function keepText(result: object, text: string): void {
  texts.set(result, text);
}

/**
 * `JSON.stringify(message)` of a JSON-RPC answer, or of a batch of them; a result this cache
 * handed out is not serialised again (a 4 KB answer costs ~8 µs each time).
 */
export function rpcAnswerText(body: unknown): string {
  return Array.isArray(body) ? `[${body.map((message) => messagePieces(message).join('')).join(',')}]` : messagePieces(body).join('');
}

/**
 * `rpcAnswerText(body)` in pieces to write one after another: an answer around a kept result is
 * the kept text between the answer's two ends, so that the text is not copied into a new string
 * for each request (a concatenation that measuring and writing must flatten first: ~1 µs each for
 * 4 KB; the kept text is flat, and measured fast); a batch is its answers' pieces between
 * brackets and commas, so that a large one can be sent a slice at a time.
 */
export function rpcAnswerPieces(body: unknown): readonly string[] {
  if (!Array.isArray(body)) return messagePieces(body);
  const pieces = ['['];
  body.forEach((message, index) => pieces.push(...(index > 0 ? [','] : []), ...messagePieces(message)));
  pieces.push(']');
  return pieces;
}

function messagePieces(message: unknown): string[] {
  const { result, jsonrpc, id } = message as { result?: object; jsonrpc?: unknown; id?: unknown };
  const text = result === undefined ? undefined : texts.get(result);
  const plain = text !== undefined && jsonrpc === '2.0' && (typeof id === 'string' || typeof id === 'number') && isResultAnswer(message as object);
  if (!plain) return [JSON.stringify(message) ?? 'null'];
  return ['{"result":', text, `,"jsonrpc":"2.0","id":${JSON.stringify(id)}}`];
}

/** The keys, in order, of an answer as both SDK servers build it: `{ result, jsonrpc, id }`. */
function isResultAnswer(message: object): boolean {
  const keys = Object.keys(message);
  return keys.length === 3 && keys[0] === 'result' && keys[1] === 'jsonrpc' && keys[2] === 'id';
}

interface Entry {
  readonly result: CallToolResult;
  readonly validUntilMs: number;
}

/** One tool call, and the store's change stamp when the request has read it already. */
export interface CacheableCall {
  readonly userId: string;
  readonly name: string;
  readonly args: unknown;
  readonly nowMs: number;
  readonly stamp: unknown;
}

export interface AnswerCache {
  /** `compute`'s answer, or an identical one kept from an earlier call while it is still exact. */
  answer(call: CacheableCall, compute: () => Promise<CallToolResult>): Promise<CallToolResult>;
}

/**
 * Successful answers of read-only tools per (person, tool, arguments), exact by the store's
 * change stamp: any write, by this process or another (a share removed, an account disabled from
 * the admin CLI), moves the stamp and drops every answer, so the next call reads the store again.
 * Tool errors are never kept (an internal error carries a fresh reference). Kept answers must not
 * be changed by whoever receives them; both SDK servers copy what they stamp.
 */
export function answerCache(changeStamp: () => number): AnswerCache {
  const entries = new StampedCache<Entry>(maxAnswers);
  const computing = new SharedReads<CallToolResult>();
  return {
    async answer({ userId, name, args, nowMs, stamp: requestStamp }, compute) {
      const validity = cacheableTools.get(name);
      // Arguments whose JSON text names them exactly: a plain object (or none) of JSON values.
      if (!validity || !(args === undefined || isPlainObject(args))) return compute();
      const stamp = typeof requestStamp === 'number' ? requestStamp : changeStamp();
      if (!entries.at(stamp)) return compute();
      const key = `${userId}\n${name}\n${JSON.stringify(args ?? {})}`;
      const kept = entries.get(key);
      if (kept && nowMs < kept.validUntilMs) return kept.result;
      // The same call of the same stamp, being answered for another request: its answer, unless it
      // failed, is a tool error (whose internal error carries that request's own reference) or
      // stopped being exact since (a survey's closing time passed).
      const running = computing.running(key, stamp);
      const shared = running && (await running.catch(() => undefined));
      if (shared && !shared.isError && nowMs < validity(shared)) return shared;
      const result = await (running ? compute() : computing.start(key, stamp, compute()));
      if (result.isError) return result;
      const validUntilMs = validity(result);
      if (nowMs < validUntilMs) {
        if (!texts.has(result)) texts.set(result, JSON.stringify(result));
        entries.set(key, { result, validUntilMs }, stamp);
      }
      return result;
    },
  };
}
