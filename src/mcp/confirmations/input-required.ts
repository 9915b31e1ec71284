import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { isPlainObject } from '../plain-object.js';
import type { ConfirmableCall, ConfirmationFlow } from '../tool.js';
import { applyConfirmed, checkConfirmation, declinedResult, issueConfirmation } from './gate.js';
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

/** Whether a client's declared capabilities let it put a form to its person (elicitation with form mode, the default). */
export function elicitsForms(capabilities: unknown): boolean {
  const elicitation = isPlainObject(capabilities) ? capabilities['elicitation'] : undefined;
  if (!isPlainObject(elicitation)) return false;
  return Object.keys(elicitation).length === 0 || isPlainObject(elicitation['form']);
}

/**
 * The confirmation flow of a 2026-07-28 request: the input-required result (MRTR) for a client
 * that declared form elicitation, else the confirmation-token tool error.
 */
export const modernConfirmation = (capabilities: unknown, round: RoundTrip): ConfirmationFlow =>
  elicitsForms(capabilities) ? inputRequiredFlow(round) : confirmationTokenFlow;

/**
 * The answer under `confirm` as the SDK 2.x server hands it to a handler: a bare result object
 * (an `ElicitResult`); anything else, a wrapped `{method, result}` included, counts as missing.
 */
function bareAnswer(inputResponses: unknown): Readonly<Record<string, unknown>> | undefined {
  const entry = isPlainObject(inputResponses) ? inputResponses[confirmKey] : undefined;
  return isPlainObject(entry) && !('method' in entry) && !('result' in entry) ? entry : undefined;
}

/**
 * First call: the input-required result asking the person, with the sealed confirmation as
 * `requestState`. The retry with the echoed state and the person's answer: accepted with
 * `confirm: true` applies the change; declined, cancelled or `confirm: false` changes nothing;
 * no answer under `confirm` asks again. A state that is not this call's, has expired or was
 * used is JSON-RPC -32602.
 */
export function inputRequiredFlow(round: RoundTrip): ConfirmationFlow {
  return async (call) => {
    if (round.requestState === undefined) return call.confirmationToken === undefined ? ask(call) : confirmationTokenFlow(call);
    const checked = await checkConfirmation(call, round.requestState);
    if ('problem' in checked) throw new InvalidConfirmation(`Invalid params: requestState ${checked.problem}`);
    const answer = bareAnswer(round.inputResponses);
    if (!answer) return ask(call);
    const { action, content } = answer;
    if (action === 'accept' && isPlainObject(content) && content[confirmKey] === true) {
      const applied = await applyConfirmed(call, checked.claims);
      if ('problem' in applied) throw new InvalidConfirmation(`Invalid params: requestState ${applied.problem}`);
      return applied;
    }
    if (action === 'accept' || action === 'decline' || action === 'cancel') return declinedResult(call.tool);
    throw new InvalidConfirmation(`Invalid params: inputResponses.${confirmKey} must be an elicitation result, its action accept, decline or cancel`);
  };
}

async function ask(call: ConfirmableCall) {
  const needed = await call.platform.confirmationNeeded(call.userId, call.operation, call.args);
  if (!needed) return call.run(call.platform);
  const { sealed } = await issueConfirmation(call, needed);
  return {
    resultType: 'input_required',
    inputRequests: {
      [confirmKey]: { method: 'elicitation/create', params: { mode: 'form', message: needed.summary, requestedSchema: confirmationSchema } },
    },
    requestState: sealed,
  };
}
