import { randomUUID } from 'node:crypto';
import {
  ElicitResultSchema,
  type ElicitRequestFormParams,
  type ElicitResult,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import type { ElicitationShare } from './share.js';

/** How asking a person ended: their answer, or why there is none. */
export type AskOutcome =
  | { readonly answered: ElicitResult }
  /** The client answered the request with an error (it cannot elicit after all). */
  | { readonly refused: string }
  /** No answer within the deadline, the client hung up, or no in-flight turn came back after the answer. */
  | { readonly unanswered: 'deadline' | 'gone' | 'no-turn' };

export interface AskOptions {
  /** The person and client the call acts for: only their answer POST settles the question. */
  readonly owner: string;
  /** Writes the `elicitation/create` request into the POST's event stream. */
  readonly send: (request: JSONRPCMessage) => void;
  readonly deadlineMs: number;
  /** The client hung up on the POST: nobody is left to hear the answer. */
  readonly gone?: AbortSignal;
}

interface Waiting {
  readonly owner: string;
  settle(outcome: AskOutcome): void;
}

/**
 * The questions this instance has put to people and is waiting on. Each gets a random route as
 * its JSON-RPC id (unguessable, unique across instances), and the client's answer POST, which may
 * reach any instance, is published under it through the share; the instance holding the question
 * settles it. A question ends with the answer, the deadline or the client hanging up, and is
 * forgotten then: no waiter outlives its call.
 */
export class PersonQuestions {
  readonly #waiting = new Map<string, Waiting>();
  readonly #share: ElicitationShare;

  private constructor(share: ElicitationShare) {
    this.#share = share;
  }

  static async over(share: ElicitationShare): Promise<PersonQuestions> {
    const questions = new PersonQuestions(share);
    await share.listen((route, payload) => questions.#hear(route, payload));
    return questions;
  }

  /** How many questions wait here (tests check none is left behind). */
  get waiting(): number {
    return this.#waiting.size;
  }

  ask(params: ElicitRequestFormParams, options: AskOptions): Promise<AskOutcome> {
    const route = `confirm-${randomUUID()}`;
    return new Promise<AskOutcome>((resolve) => {
      const settle = (outcome: AskOutcome) => {
        if (!this.#waiting.delete(route)) return;
        clearTimeout(timer);
        options.gone?.removeEventListener('abort', hungUp);
        resolve(outcome);
      };
      const hungUp = () => settle({ unanswered: 'gone' });
      const timer = setTimeout(() => settle({ unanswered: 'deadline' }), options.deadlineMs);
      this.#waiting.set(route, { owner: options.owner, settle });
      options.gone?.addEventListener('abort', hungUp, { once: true });
      if (options.gone?.aborted) return hungUp();
      options.send({ jsonrpc: '2.0', id: route, method: 'elicitation/create', params } as JSONRPCMessage);
    });
  }

  /**
   * A JSON-RPC response a client posted: handed to the question it answers, here or on another
   * instance. Responses to anything else are dropped, as before.
   */
  async answer(response: JSONRPCMessage, owner: string): Promise<void> {
    if (!('id' in response) || typeof response.id !== 'string' || 'method' in response) return;
    const payload = JSON.stringify({ owner, response });
    if (this.#waiting.has(response.id)) return this.#hear(response.id, payload);
    await this.#share.publish(response.id, payload);
  }

  #hear(route: string, payload: string): void {
    const waiting = this.#waiting.get(route);
    if (!waiting) return;
    const { owner, response } = JSON.parse(payload) as { owner: string; response: Record<string, unknown> };
    // Someone else's answer, even with the route in hand, settles nothing.
    if (owner !== waiting.owner) return;
    if ('error' in response) {
      const { message } = (response.error ?? {}) as { message?: unknown };
      return waiting.settle({ refused: typeof message === 'string' ? message.slice(0, 200) : 'an error' });
    }
    const parsed = ElicitResultSchema.safeParse(response.result);
    waiting.settle(parsed.success ? { answered: parsed.data } : { refused: 'an answer that is no elicitation result' });
  }
}
