import type { FaultCase } from './fault-cases.js';
import type { ConfirmationFault } from './fake/faults-confirmations.js';

function confirmationCase(check: string, deployment: string, confirmationFault: ConfirmationFault, reason: RegExp, mayAlsoFail?: readonly string[]): FaultCase {
  return { check, group: 'confirmations', deployment, fake: { faults: { confirmationFault } }, reason, ...(mayAlsoFail ? { mayAlsoFail } : {}) };
}

/** The wrong deployments of the confirmation checks (issue 37), one broken rule each. */
export const CONFIRMATION_FAULT_CASES: readonly FaultCase[] = [
  confirmationCase('confirmation-asked-first', 'asks "Are you sure?" without naming the question or the survey', 'generic-summary', /^2025-11-25 confirmation token: delete_question "qst_\w+": the confirmation "confirmation required: Are you sure\?.*" names neither the question/),
  confirmationCase('confirmation-decline-changes-nothing', 'deletes the question when the person declines', 'decline-applies', /^2025-11-25 elicitation: question "qst_\w+" was deleted after answering "decline"/),
  confirmationCase('confirmation-accept-applies', 'answers the confirmed call with success but deletes nothing', 'accept-ignored', /^2025-11-25 confirmation token: the confirmed delete_question answered success, yet question "qst_\w+" is still there/),
  confirmationCase('confirmation-replay-refused', 'lets a used confirmation work again', 'replay-accepted', /^2025-11-25 confirmation token: the same confirmed call sent again: expected a tool error "validation failed: confirmation_token …", got "question 'qst_\w+' not found"/),
  confirmationCase('confirmation-other-call-refused', 'does not bind the confirmation to the question it was issued for', 'seal-not-bound-to-call', /^2025-11-25 confirmation token: delete_question "qst_\w+" with the confirmation issued for "qst_\w+": expected a tool error "validation failed: confirmation_token …", got a result that is not a tool error/),
  confirmationCase('confirmation-other-call-refused', 'binds the confirmation to the person, not to the client it was issued to', 'seal-not-bound-to-client', /^2025-11-25 confirmation token: delete_question "qst_\w+" by another client of the same person, with the confirmation issued to the runner's: expected a tool error "validation failed: confirmation_token …", got a result that is not a tool error/),
  confirmationCase('confirmation-tampered-state-refused', 'does not verify the seal\'s integrity', 'seal-integrity-unchecked', /^2025-11-25 confirmation token: the confirmed call with the seal altered: expected a tool error "validation failed: confirmation_token …", got a result that is not a tool error/),
  confirmationCase('confirmation-missing-answer-asks-again', 'takes inputResponses without the answer asked for as a decline', 'missing-answer-completes', /lacking "confirm": "resultType" is "complete", not "input_required"/),
  // Every way that asks reads the elicitation's answer, so each check that asks by elicitation meets this one.
  confirmationCase('confirmation-asked-first', 'answers a 2025-11-25 client that declared elicitation with the token error all the same', 'elicitation-ignored', /^2025-11-25 elicitation: delete_question "qst_\w+" \(no confirmation yet\): the answer carries no elicitation\/create request, though the client declared elicitation: HTTP 200/, ['confirmation-decline-changes-nothing', 'confirmation-accept-applies']),
  confirmationCase('confirmation-asked-first', 'answers a 2026-07-28 client declaring elicitation {} (form mode) with the token error', 'bare-elicitation-unasked', /^2026-07-28 input request to elicitation \{\}: delete_question "qst_\w+" \(no confirmation yet\): "resultType" is "complete", not "input_required"/),
  confirmationCase('confirmation-asked-first', 'sends a form to a 2026-07-28 client declaring URL-mode elicitation alone', 'url-elicitation-asked', /^2026-07-28 confirmation token to elicitation \{url: \{\}\}: delete_question "qst_\w+" \(no confirmation yet\): answered an input request, though the client declared elicitation \{"url":\{\}\}, no form mode/),
  confirmationCase('confirmation-decline-changes-nothing', 'lets a declined requestState be sent back accepted', 'decline-not-spent', /^2026-07-28 input request: question "qst_\w+" was deleted after answering "decline", then the same requestState sent back with "accept"/),
  confirmationCase('confirmation-other-call-refused', 'takes a requestState sent back as a confirmation_token', 'modes-interchangeable', /^2026-07-28 input request: delete_question "qst_\w+" with the requestState sent back as its confirmation_token: question "qst_\w+" was deleted/),
  {
    check: 'confirmation-accept-applies',
    group: 'confirmations',
    deployment: 'links to a confirmation page, yet lets the token alone apply the change',
    fake: { faults: { confirmationFault: 'page-not-awaited', confirmationPage: true } },
    reason: /^2025-11-25 confirmation token: the repeated call with the token deleted question "qst_\w+" before the person confirmed on http:\/\/127\.0\.0\.1:\d+\/confirm: an assistant alone confirmed/,
  },
  // In 2026-07-28 alone: each check walks every way offered, so a fault of one way is caught there and named.
  {
    check: 'confirmation-tampered-state-refused',
    group: 'confirmations',
    deployment: 'does not verify requestState\'s integrity in 2026-07-28 alone',
    fake: { faults: { inModernEra: { confirmationFault: 'seal-integrity-unchecked' } } },
    reason: /^2026-07-28 input request: the confirmed call with the seal altered: expected JSON-RPC error -32602, got HTTP 200/,
  },
  {
    check: 'confirmation-decline-changes-nothing',
    group: 'confirmations',
    deployment: 'deletes the question when the person declines an input request in 2026-07-28 alone',
    fake: { faults: { inModernEra: { confirmationFault: 'decline-applies' } } },
    reason: /^2026-07-28 input request: question "qst_\w+" was deleted after answering "decline"/,
  },
  {
    check: 'confirmation-other-call-refused',
    group: 'confirmations',
    deployment: 'binds requestState to the person, not to the client, in 2026-07-28 alone',
    fake: { faults: { inModernEra: { confirmationFault: 'seal-not-bound-to-client' } } },
    reason: /^2026-07-28 input request: delete_question "qst_\w+" by another client of the same person, with the confirmation issued to the runner's: expected JSON-RPC error -32602, got HTTP 200/,
  },
  {
    check: 'confirmation-replay-refused',
    group: 'confirmations',
    deployment: 'lets a used requestState work again in 2026-07-28 alone',
    fake: { faults: { inModernEra: { confirmationFault: 'replay-accepted' } } },
    reason: /^2026-07-28 input request: the same confirmed call sent again: expected JSON-RPC error -32602, got HTTP 200/,
  },
];
