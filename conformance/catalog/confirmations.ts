import type { Check } from '../check.js';
import { confirmationAcceptApplies } from '../checks/confirmations/confirmation-accept-applies.js';
import { confirmationAskedFirst } from '../checks/confirmations/confirmation-asked-first.js';
import { confirmationDeclineChangesNothing } from '../checks/confirmations/confirmation-decline-changes-nothing.js';
import { confirmationMissingAnswerAsksAgain } from '../checks/confirmations/confirmation-missing-answer-asks-again.js';
import { confirmationOtherCallRefused } from '../checks/confirmations/confirmation-other-call-refused.js';
import { confirmationReplayRefused } from '../checks/confirmations/confirmation-replay-refused.js';
import { confirmationTamperedStateRefused } from '../checks/confirmations/confirmation-tampered-state-refused.js';

/**
 * A person confirms what cannot be undone (issue 37), on a scratch survey the runner creates and
 * archives: delete_question, which asks always, in every era and way the deployment offers.
 */
export const CONFIRMATIONS: readonly Check[] = [
  confirmationAskedFirst,
  confirmationDeclineChangesNothing,
  confirmationAcceptApplies,
  confirmationReplayRefused,
  confirmationOtherCallRefused,
  confirmationTamperedStateRefused,
  confirmationMissingAnswerAsksAgain,
];
