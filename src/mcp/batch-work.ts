import { ErrorCode, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { keptText } from './answer-cache.js';
import type { AskingWork } from './elicitation/asker.js';
import { batchAnswerRoom, maxAnswerChars, pastBatchBound, toolError } from './tool-result.js';

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
 * The characters an answer adds to its batch's body, exactly: a tool result as its kept JSON
 * text (its text escaped, then its structured copy), anything else as its JSON; and the comma
 * or bracket after it.
 */
function answerChars(message: JSONRPCMessage): number {
  const result = 'result' in message ? message.result : undefined;
  const kept = result === undefined ? undefined : keptText(result);
  if (kept === undefined) return JSON.stringify(message).length + 1;
  return kept.length + `{"result":,"jsonrpc":"2.0","id":${JSON.stringify((message as JSONRPCRequest).id)}}`.length + 1;
}

/**
 * A batch's answers may hold about as much as one tool answer (its text and its structured copy).
 * Serialising and sending the answer holds the event loop.
 */
export const maxBatchAnswerChars = 2 * maxAnswerChars;

/**
 * The most a change's answer takes, by tool: a change is never answered as failed once it was
 * stored, so it runs only while what is left of the batch's answer can hold it. `create_survey`
 * answers the whole survey (up to the bound itself: it runs only as a batch's first call); every
 * other change answers one question, one survey or at most 100 collaborators (~250,000 characters
 * at the longest emails and names, escaped twice).
 */
const largestChangeAnswer = (tool: string): number => (tool === 'create_survey' ? maxBatchAnswerChars : 512 * 1024);

/** The answer of a call of a batch that did not run, under its own id. */
export function notRun(request: JSONRPCRequest, why: string): JSONRPCMessage {
  return { jsonrpc: '2.0', id: request.id, error: { code: ErrorCode.InternalError, message: `not run: ${why}; send it again in a request of its own` } };
}

const toolName = (request: JSONRPCRequest): string | undefined =>
  request.method === 'tools/call' && typeof request.params?.['name'] === 'string' ? request.params['name'] : undefined;

/**
 * What is left of one batch's answer. A read runs with the room left (its answer stops being
 * built once past it) and an answer that would still cross the bound is answered as an error;
 * a change runs only while its largest answer fits. The calls after either run as usual.
 */
export class BatchAnswerBudget {
  // The opening bracket: every answer then counts the comma or bracket after it.
  private chars = 1;
  private answers = 0;

  constructor(
    private readonly readOnlyTools: ReadonlySet<string>,
    private readonly alone: boolean,
  ) {}

  private isChange(request: JSONRPCRequest): boolean {
    const tool = toolName(request);
    return tool !== undefined && !this.readOnlyTools.has(tool);
  }

  /** Why `request` must not run: a change, after the first answer, whose answer might not fit in what is left. */
  refusal(request: JSONRPCRequest): JSONRPCMessage | undefined {
    const left = maxBatchAnswerChars - this.chars;
    if (this.answers === 0 || !this.isChange(request) || largestChangeAnswer(toolName(request)!) <= left) return undefined;
    return notRun(request, `${toolName(request)}'s answer might not fit in the ${left.toLocaleString('en')} characters left of this batch's answer (${maxBatchAnswerChars.toLocaleString('en')})`);
  }

  /** Runs `request`'s `work`; a read's tool answer is built only while it fits in what is left. */
  run(request: JSONRPCRequest, work: () => Promise<JSONRPCMessage>): Promise<JSONRPCMessage> {
    if (this.alone || this.isChange(request)) return work();
    // Its text counts twice, escaped and as structured content.
    const textChars = Math.floor((maxBatchAnswerChars - this.chars) / 2);
    return batchAnswerRoom.run({ textChars, boundChars: maxBatchAnswerChars }, work);
  }

  /** `answer` as the batch sends it, counted: a read's that would cross the bound becomes the error saying so. */
  admit(request: JSONRPCRequest, answer: JSONRPCMessage): JSONRPCMessage {
    this.answers += 1;
    const chars = answerChars(answer);
    if (this.alone || this.isChange(request) || this.chars + chars <= maxBatchAnswerChars) {
      this.chars += chars;
      return answer;
    }
    const message = pastBatchBound(toolName(request) ?? request.method, maxBatchAnswerChars);
    const refused: JSONRPCMessage =
      toolName(request) === undefined
        ? { jsonrpc: '2.0', id: request.id, error: { code: ErrorCode.InternalError, message } }
        : { jsonrpc: '2.0', id: request.id, result: toolError(message) };
    this.chars += answerChars(refused);
    return refused;
  }
}
