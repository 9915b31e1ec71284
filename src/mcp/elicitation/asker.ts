import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { ElicitRequestFormParams, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { AskOutcome, PersonQuestions } from './questions.js';
import type { ElicitationShare } from './share.js';

/** Asks the person behind one 2025-11-25 `tools/call` to confirm, where its client can be asked. */
export interface PersonAsker {
  /** How long the person has to answer. */
  readonly deadlineMs: number;
  /** The person's answer to `params`; undefined when this client cannot be asked (the token flow then). */
  ask(params: ElicitRequestFormParams): Promise<Exclude<AskOutcome, { refused: string }> | undefined>;
}

/** What the HTTP layer lends a call that may ask: the POST's event stream and its in-flight turn. */
export interface AskingWork {
  /** Writes a server request into the POST's answer, switching it to `text/event-stream`. */
  readonly send: (request: JSONRPCMessage) => void;
  /** Gives the in-flight turn back while `waiting` runs and takes one again after; undefined when none came. */
  readonly whileWaiting: <T>(waiting: Promise<T>) => Promise<T | undefined>;
  readonly gone?: AbortSignal;
}

/** One person through one client: whose `initialize` is remembered and whose answer counts. */
export const askedClient = (userId: string, clientId: string): string => `${userId}\u0000${clientId}`;

export interface AskerDeps {
  readonly questions: PersonQuestions;
  readonly share: ElicitationShare;
  readonly deadlineMs: number;
}

/**
 * The asker of one call. Whether the client declared elicitation is looked up only when a call
 * needs a confirmation, so no other call pays for it; a lookup that fails (Redis down) or a client
 * that answers the request with an error falls back to the token flow, which every client can use.
 */
export function personAsker(deps: AskerDeps, client: string, work: AskingWork): PersonAsker {
  return {
    deadlineMs: deps.deadlineMs,
    async ask(params) {
      if (!(await deps.share.declared(client).catch(() => false))) return undefined;
      const asking = deps.questions.ask(params, { owner: client, send: work.send, deadlineMs: deps.deadlineMs, gone: work.gone });
      const outcome = (await work.whileWaiting(asking)) ?? { unanswered: 'no-turn' };
      return 'refused' in outcome ? undefined : outcome;
    },
  };
}

// A property of the request's own copy, not a WeakMap entry: V8's young collections kept every
// entry's value (the asker, and through its event stream the whole request) until a full one,
// so each request outlived two of them and was moved to the old generation (~2 MB a young
// collection under the bench's load, 7-10 ms each instead of 2, and a heap of ~240 MB).
const askerKey = Symbol('asker');

type Carrying = AuthInfo & { [askerKey]?: PersonAsker };

/** The request's authentication, carrying the asker of its call to the tool handler. */
export function withAsker(authInfo: AuthInfo, asker: PersonAsker): AuthInfo {
  const carrying: Carrying = { ...authInfo };
  carrying[askerKey] = asker;
  return carrying;
}

/** The asker a call carries, if its POST can ask the person. */
export const askerOf = (authInfo: AuthInfo | undefined): PersonAsker | undefined => (authInfo as Carrying | undefined)?.[askerKey];
