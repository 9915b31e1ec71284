import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * The most characters of JSON one tool answer may hold. It travels twice (structuredContent and
 * its text mirror), so this bounds a JSON-RPC answer near 8 MB; the largest legitimate answer, a
 * 200-question survey with 50 long choices each, stays near 3 MB.
 */
export const maxAnswerChars = 4 * 1024 * 1024;

const megabytes = (chars: number): string => `${(chars / (1024 * 1024)).toFixed(1)} MB`;

/**
 * Success: JSON in `structuredContent`, mirrored as text for clients that read only text. An
 * answer too large to send (or even to serialise: V8 throws RangeError past ~512 MB) becomes a
 * tool error here, inside the tool's error path, instead of failing the HTTP answer.
 */
export function toolSuccess(toolName: string, result: Record<string, unknown>): CallToolResult {
  let text: string | undefined;
  try {
    text = JSON.stringify(result);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  if (text === undefined || text.length > maxAnswerChars) {
    const size = text === undefined ? 'too large to serialise' : megabytes(text.length);
    return toolError(
      `validation failed: the answer of ${toolName} would be ${size}, over the ${megabytes(maxAnswerChars)} an answer may hold: ask for less (a smaller limit, fewer question_ids or a narrower filter)`,
    );
  }
  return { content: [{ type: 'text', text }], structuredContent: result };
}

/**
 * Failure (spec 7.2): `{"error": "<message>"}` as text only. Structured content on an error would
 * be checked against the tool's output schema by SDK clients and turn a tool error into a
 * client-side exception.
 */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify({ error: message }) }], isError: true };
}
