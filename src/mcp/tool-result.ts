import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** Success: JSON in `structuredContent`, mirrored as text for clients that read only text. */
export function toolSuccess(result: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
}

/**
 * Failure (spec 7.2): `{"error": "<message>"}` as text only. Structured content on an error would
 * be checked against the tool's output schema by SDK clients and turn a tool error into a
 * client-side exception.
 */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify({ error: message }) }], isError: true };
}
