import { ErrorCode, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import type { AskingWork } from './elicitation/asker.js';
import { maxAnswerChars } from './tool-result.js';

/** What the HTTP layer lends a legacy-era POST's messages while they run. */
export interface BatchWork {
  /** Fires when the client hangs up: no further call runs, and no answer is built. */
  readonly gone?: AbortSignal;
  /**
   * Gives the request's in-flight turn back and waits for the next one, so that each call of a
   * batch counts against the person's in-flight limit as a request would; false when none came.
   */
  readonly nextTurn?: () => Promise<boolean>;
  /**
   * Lent to a POST of one request whose client accepts `text/event-stream`: a call that needs
   * the person's confirmation may ask them there (elicitation/asker.ts).
   */
  readonly ask?: AskingWork;
}

/**
 * The characters an answer adds to its batch's body: a tool result's text twice (its text and
 * its structured copy), anything else as its JSON. An estimate that never builds the text.
 */
export function answerChars(message: JSONRPCMessage): number {
  const result = 'result' in message ? (message.result as { content?: Array<{ text?: unknown }> }) : undefined;
  const text = result?.content?.[0]?.text;
  if (typeof text === 'string') return 2 * text.length + 100;
  return JSON.stringify(message).length;
}

/**
 * A batch's answers may hold about as much as one tool answer (its text and its structured copy):
 * past this, no further call runs. Serialising and sending the answer holds the event loop.
 */
export const maxBatchAnswerChars = 2 * maxAnswerChars;

/** The answer of a call of a batch that did not run, under its own id. */
export function notRun(request: JSONRPCRequest, why: string): JSONRPCMessage {
  return { jsonrpc: '2.0', id: request.id, error: { code: ErrorCode.InternalError, message: `not run: ${why}; send it again in a request of its own` } };
}
