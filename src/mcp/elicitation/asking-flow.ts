import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import { applyConfirmed, checkConfirmation, declinedResult, issueConfirmation } from '../confirmations/gate.js';
import { confirmationSchema, confirmKey } from '../confirmations/input-required.js';
import { confirmationTokenFlow } from '../confirmations/token-flow.js';
import type { ConfirmationFlow } from '../tool.js';
import { toolError } from '../tool-result.js';
import type { PersonAsker } from './asker.js';

/** The form 2026-07-28's input request shows (input-required.ts), as a 2025-11-25 elicitation request. */
export const confirmRequest = (summary: string): ElicitRequestFormParams => ({
  mode: 'form',
  message: summary,
  requestedSchema: { ...confirmationSchema, required: [...confirmationSchema.required] },
});

const era = '2025-11-25';
const tokenFlow = confirmationTokenFlow(era);

const duration = (ms: number): string =>
  ms % 60_000 === 0 ? `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}` : `${Math.ceil(ms / 1000)} second${ms <= 1000 ? '' : 's'}`;

/**
 * 2025-11-25's confirmation where the client may ask its person (elicitation): the call asks, and
 * the person's "Confirm" applies it as a returned token would (a confirmation issued and used at
 * once: single use, permissions checked again as the tool runs); anything else changes nothing.
 * A call that brings a token, a client that turns out unable to ask, or no asker at all: the
 * token flow, which every client can follow.
 */
export const askingFlow =
  (asker: PersonAsker): ConfirmationFlow =>
  async (call) => {
    if (call.confirmationToken !== undefined) return tokenFlow(call);
    const ask = await call.platform.confirmationNeeded(call.userId, call.operation, call.args);
    if (!ask) return call.run(call.platform);
    const outcome = await asker.ask(confirmRequest(ask.summary));
    if (!outcome) return tokenFlow(call);
    if ('unanswered' in outcome) {
      const why =
        outcome.unanswered === 'deadline'
          ? `the person did not answer within ${duration(asker.deadlineMs)}`
          : outcome.unanswered === 'gone'
            ? 'the client hung up before the person answered'
            : 'the person answered, but too many of their requests were running to apply it';
      return toolError(`not confirmed: ${why}, so nothing changed. Call ${call.tool} again to ask again.`);
    }
    const { action, content } = outcome.answered;
    if (action !== 'accept' || content?.[confirmKey] !== true) return declinedResult(call.tool);
    // Confirmed: issued and used at once, through the same check and single-use record as a token.
    const { sealed } = await issueConfirmation(call, ask, 'stream', era);
    const checked = await checkConfirmation(call, sealed, ['stream'], era);
    const applied = 'problem' in checked ? checked : await applyConfirmed(call, checked.claims);
    if ('changed' in applied) return toolError(`not confirmed: what the person was asked about changed meanwhile (${applied.changed.summary}), so nothing changed. Call ${call.tool} again to ask again.`);
    return 'problem' in applied ? toolError(`not confirmed: the confirmation ${applied.problem}`) : applied.applied;
  };
