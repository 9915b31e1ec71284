import type { CallToolResult, ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import { toolError } from '../tool-result.js';
import type { PersonAsker } from './asker.js';

/** A call the core found needs the person's confirmation, and what each outcome does. */
export interface PendingConfirmation {
  readonly tool: string;
  /** What will happen, in plain words: the text the person reads. */
  readonly summary: string;
  /** Applies the change as confirmed: the core opens its seal, records its single use and checks permissions again. */
  confirmed(): Promise<CallToolResult>;
  /** The complete, non-error result saying nothing changed. */
  notConfirmed(): Promise<CallToolResult>;
  /** The confirmation-token tool error, for a client that cannot be asked. */
  tokenError(): CallToolResult;
}

/** The one form both eras show: the summary and a single "Confirm" box. */
export const confirmRequest = (summary: string): ElicitRequestFormParams => ({
  mode: 'form',
  message: summary,
  requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Confirm' } }, required: ['confirm'] },
});

const minutes = (ms: number): string => (ms % 60_000 === 0 ? `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}` : `${Math.ceil(ms / 1000)} seconds`);

/**
 * A 2025-11-25 call that needs confirmation, where the client may ask the person: the person's
 * "Confirm" applies it, anything else leaves everything as it was. Without an asker, or when the
 * client turns out unable to ask, the token flow every client can follow.
 */
export async function confirmByAsking(asker: PersonAsker | undefined, pending: PendingConfirmation): Promise<CallToolResult> {
  const outcome = await asker?.ask(confirmRequest(pending.summary));
  if (!outcome) return pending.tokenError();
  if ('answered' in outcome) {
    const { action, content } = outcome.answered;
    return action === 'accept' && content?.['confirm'] === true ? pending.confirmed() : pending.notConfirmed();
  }
  const why =
    outcome.unanswered === 'deadline'
      ? `the person did not answer within ${minutes(asker!.deadlineMs)}`
      : outcome.unanswered === 'gone'
        ? 'the client hung up before the person answered'
        : 'the person answered, but too many of their requests were running to apply it';
  return toolError(`not confirmed: ${why}, so nothing changed. Call ${pending.tool} again to ask again.`);
}
