import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { StoreUnavailableError } from '../store/errors.js';

interface Waiting<Answer> {
  settle(answer: Answer): void;
  fail(error: unknown): void;
}

/**
 * The requests one long-lived server is answering, each under a process-unique id (two clients
 * may both send id 1). An exchange ends with the server's answer, or with an error handed over
 * as it is (a store outage, for the HTTP layer's 503), after which the server's answer is dropped.
 */
export class PendingExchanges<Answer> {
  #lastId = 0;
  readonly #waiting = new Map<RequestId, Waiting<Answer>>();

  /** Waits under a new id; `deliver` hands the request to the server under that id. */
  open(deliver: (id: number) => void): Promise<Answer> {
    const id = ++this.#lastId;
    return new Promise((settle, fail) => {
      this.#waiting.set(id, { settle, fail });
      deliver(id);
    });
  }

  settle(id: RequestId, answer: Answer): void {
    this.#take(id)?.settle(answer);
  }

  fail(id: RequestId, error: unknown): void {
    this.#take(id)?.fail(error);
  }

  /** Answers what is still waiting (a request the server dropped while closing) instead of leaving it hanging. */
  settleAll(answerFor: (id: RequestId) => Answer): void {
    for (const [id, waiting] of this.#waiting) waiting.settle(answerFor(id));
    this.#waiting.clear();
  }

  #take(id: RequestId): Waiting<Answer> | undefined {
    const waiting = this.#waiting.get(id);
    this.#waiting.delete(id);
    return waiting;
  }
}

/** The answer to a request the server did not get to before it closed. */
export const closingAnswer = (id: RequestId): JSONRPCMessage =>
  ({ jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error: the server closed before answering' } }) as JSONRPCMessage;

/**
 * A store outage leaves the server as the error it is: the exchange rejects with it, for the HTTP
 * layer's 503 with Retry-After, instead of becoming a JSON-RPC answer the HTTP layer must read back.
 */
export async function outagesHandedOver<T>(
  transport: { fail(id: RequestId, error: unknown): void },
  id: RequestId,
  work: Promise<T>,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof StoreUnavailableError) transport.fail(id, error);
    throw error;
  }
}
