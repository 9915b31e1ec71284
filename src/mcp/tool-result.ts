import { AsyncLocalStorage } from 'node:async_hooks';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { keepText } from './answer-cache.js';
import { answerJson } from './answer-json.js';

/**
 * The most characters of JSON one tool answer may hold, as much as a request body. Serialising
 * holds the event loop (~15 ms a megabyte, twice: here and in the transport, which also sends
 * the text mirror), and an assistant's context could not take more anyway. Typical answers are a
 * few kilobytes; a 200-question survey with 50 choices each is under 1 MB.
 */
export const maxAnswerChars = 1024 * 1024;

const megabytes = (chars: number): string => `${(chars / (1024 * 1024)).toFixed(1)} MB`;

/**
 * Set by a batch around each read it runs (batch-work.ts): the characters of text its answer may
 * take in what is left of the batch's answer, so that an answer that would not fit stops being
 * built at once rather than being built and thrown away.
 */
export const batchAnswerRoom = new AsyncLocalStorage<{ readonly textChars: number; readonly boundChars: number }>();

/** The error of a call of a batch whose answer would take the batch's answers past their bound. */
export const pastBatchBound = (what: string, boundChars: number): string =>
  `validation failed: the answer of ${what} would take the answers of this batch past the ${boundChars.toLocaleString('en')} characters they may hold: send it again in a request of its own`;

/**
 * Success: JSON in `structuredContent`, mirrored as text for clients that read only text. An
 * answer too large to send becomes a tool error here, inside the tool's error path, and is never
 * serialised in full (see `answerJson`); neither can a RangeError from V8 escape as an HTTP 500.
 */
export async function toolSuccess(toolName: string, result: Record<string, unknown>): Promise<CallToolResult> {
  const room = batchAnswerRoom.getStore();
  const budget = Math.min(maxAnswerChars, room?.textChars ?? maxAnswerChars);
  const text = await answerJson(result, budget).catch((error: unknown) => {
    if (error instanceof RangeError) return undefined;
    throw error;
  });
  if (text === undefined && room && budget < maxAnswerChars) return toolError(pastBatchBound(toolName, room.boundChars));
  if (text === undefined) {
    return toolError(
      `validation failed: the answer of ${toolName} would be over the ${megabytes(maxAnswerChars)} an answer may hold: ask for less (a smaller limit, fewer question_ids or a narrower filter)`,
    );
  }
  const success: CallToolResult = { content: [{ type: 'text', text }], structuredContent: result };
  // Its JSON is the text twice (escaped, then as it is), so the answer is never serialised again.
  keepText(success, `{"content":[{"type":"text","text":${JSON.stringify(text)}}],"structuredContent":${text}}`);
  return success;
}

/**
 * Failure (spec 7.2): `{"error": "<message>"}` as text only. Structured content on an error would
 * be checked against the tool's output schema by SDK clients and turn a tool error into a
 * client-side exception.
 */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify({ error: message }) }], isError: true };
}
