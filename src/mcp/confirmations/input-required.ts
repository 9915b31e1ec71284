import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { ConfirmationAsk } from '../../platform/index.js';
import { isPlainObject } from '../plain-object.js';
import type { ConfirmableCall, ConfirmationFlow } from '../tool.js';
import { applyConfirmed, checkConfirmation, declinedResult, issueConfirmation, pageOf, spend, type Refusal } from './gate.js';
import { confirmationTokenFlow } from './token-flow.js';

/** The one input a confirmation asks for, under this key in `inputRequests` and `inputResponses`. */
export const confirmKey = 'confirm';

/** The form a person answers: one yes/no. */
export const confirmationSchema = {
  type: 'object',
  properties: { confirm: { type: 'boolean', title: 'Confirm' } },
  required: ['confirm'],
} as const;

/** What a retried 2026-07-28 `tools/call` carries besides its name and arguments (SEP-2322). */
export interface RoundTrip {
  readonly inputResponses?: unknown;
  readonly requestState?: string;
}

/** JSON-RPC -32602: a `requestState` or input response the server cannot take. Both paths send it as thrown. */
export class InvalidConfirmation extends Error {
  readonly code = ErrorCode.InvalidParams;
}

/** The elicitation modes a client's declared capabilities admit: `{}` is form mode alone (client/elicitation). */
function elicitationModes(capabilities: unknown): { readonly form: boolean; readonly url: boolean } {
  const elicitation = isPlainObject(capabilities) ? capabilities['elicitation'] : undefined;
  if (!isPlainObject(elicitation)) return { form: false, url: false };
  return { form: Object.keys(elicitation).length === 0 || isPlainObject(elicitation['form']), url: isPlainObject(elicitation['url']) };
}

/** Whether a client's declared capabilities let it put a form to its person (elicitation with form mode, the default). */
export const elicitsForms = (capabilities: unknown): boolean => elicitationModes(capabilities).form;

const era = '2026-07-28';

/**
 * The confirmation flow of a 2026-07-28 request: the input-required result (MRTR) with a form for
 * a client that declared form elicitation, with our confirmation page (URL mode) for one that
 * declared URL mode alone, else the confirmation-token tool error with the page's link.
 */
export function modernConfirmation(capabilities: unknown, round: RoundTrip): ConfirmationFlow {
  const modes = elicitationModes(capabilities);
  return modes.form ? inputRequiredFlow(round, 'input') : modes.url ? inputRequiredFlow(round, 'url') : confirmationTokenFlow(era);
}

/**
 * The answer under `confirm` as the SDK 2.x server hands it to a handler: a bare result object
 * (an `ElicitResult`); anything else, a wrapped `{method, result}` included, counts as missing.
 */
function bareAnswer(inputResponses: unknown): Readonly<Record<string, unknown>> | undefined {
  const entry = isPlainObject(inputResponses) ? inputResponses[confirmKey] : undefined;
  return isPlainObject(entry) && !('method' in entry) && !('result' in entry) ? entry : undefined;
}

const invalid = (refusal: Refusal): InvalidConfirmation => new InvalidConfirmation(`Invalid params: requestState ${refusal.problem}`);

/**
 * First call: the input-required result asking the person (a form, or our page in URL mode), with
 * the sealed confirmation as `requestState`. The retry with the echoed state and the person's
 * answer: accepted (with `confirm: true` in a form; after the click on the page in URL mode)
 * applies the change; declined, cancelled or `confirm: false` changes nothing and spends the
 * state; no answer under `confirm` asks again, as does an accepted URL mode before the click. A
 * state that is not this call's or mode's, has expired or was used is JSON-RPC -32602.
 */
export function inputRequiredFlow(round: RoundTrip, mode: 'input' | 'url'): ConfirmationFlow {
  return async (call) => {
    // A server without a confirmation page has nothing to show in URL mode: the token's error says so.
    if (mode === 'url' && call.confirmationPage === undefined) return confirmationTokenFlow(era)(call);
    if (round.requestState === undefined) {
      return call.confirmationToken === undefined ? askOrRun(call, mode) : confirmationTokenFlow(era)(call);
    }
    const checked = await checkConfirmation(call, round.requestState, [mode], era);
    if ('problem' in checked) throw invalid(checked);
    const { claims } = checked;
    const answer = bareAnswer(round.inputResponses);
    if (!answer) return askOrRun(call, mode);
    const { action, content } = answer;
    const accepted = action === 'accept' && (mode === 'url' || (isPlainObject(content) && content[confirmKey] === true));
    if (accepted) {
      // URL mode: "accept" says the person opened the page; only their click there confirms.
      if (mode === 'url' && !(await call.platform.confirmationStatus(claims.id)).approved) return inputRequired(call, claims, round.requestState, mode);
      const applied = await applyConfirmed(call, claims);
      if ('changed' in applied) return ask(call, applied.changed, mode);
      if ('problem' in applied) throw invalid(applied);
      return applied.applied;
    }
    if (action === 'accept' || action === 'decline' || action === 'cancel') {
      const spent = await spend(call, claims);
      if (spent) throw invalid(spent);
      return declinedResult(call.tool);
    }
    throw new InvalidConfirmation(`Invalid params: inputResponses.${confirmKey} must be an elicitation result, its action accept, decline or cancel`);
  };
}

/** Asks about the call as things stand now; a call that needs no confirmation (any more) runs, and answers as it does. */
async function askOrRun(call: ConfirmableCall, mode: 'input' | 'url') {
  const needed = await call.platform.confirmationNeeded(call.userId, call.operation, call.args);
  return needed ? ask(call, needed, mode) : call.run(call.platform);
}

async function ask(call: ConfirmableCall, needed: ConfirmationAsk, mode: 'input' | 'url') {
  const { sealed } = await issueConfirmation(call, needed, mode, era);
  return inputRequired(call, needed, sealed, mode);
}

/** The input-required result asking about `said` with `sealed` as its state: a form, or a link to our page. */
function inputRequired(call: ConfirmableCall, said: { readonly summary: string }, sealed: string, mode: 'input' | 'url') {
  const url = pageOf(call, sealed);
  const params = mode === 'url' && url
    ? { mode: 'url', message: `${said.summary} Confirm it on the page, signed in.`, url, elicitationId: randomUUID() }
    : { mode: 'form', message: said.summary, requestedSchema: confirmationSchema };
  return { resultType: 'input_required', inputRequests: { [confirmKey]: { method: 'elicitation/create', params } }, requestState: sealed };
}
