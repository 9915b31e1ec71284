/** One way to get the confirmation of delete_question wrong (issue 37), each caught by one check. */
export type ConfirmationFault =
  /** The confirmation's words name neither the question nor the survey. */
  | 'generic-summary'
  /** A declined input request deletes the question all the same. */
  | 'decline-applies'
  /** A confirmation answered `cancel` (not `decline`) deletes the question: only decline is checked. */
  | 'cancel-applies'
  /** The confirmed call answers success but deletes nothing. */
  | 'accept-ignored'
  /** A used requestState or token is not recorded: it works again. */
  | 'replay-accepted'
  /** The seal is not bound to the question it was issued for. */
  | 'seal-not-bound-to-call'
  /** The seal is bound to the person, not to the OAuth client it was issued to. */
  | 'seal-not-bound-to-client'
  /** The seal's MAC is not verified: an altered one opens. */
  | 'seal-integrity-unchecked'
  /** inputResponses without the answer asked for count as a decline instead of asking again. */
  | 'missing-answer-completes'
  /** A 2025-11-25 client that declared elicitation gets the token error all the same. */
  | 'elicitation-ignored'
  /** A 2026-07-28 client declaring elicitation `{}` (form mode) gets the token error, not a form. */
  | 'bare-elicitation-unasked'
  /** A 2026-07-28 client declaring URL-mode elicitation alone is sent a form. */
  | 'url-elicitation-asked'
  /** A declined requestState is not spent: sent back accepted, it deletes the question. */
  | 'decline-not-spent'
  /** A requestState works as a confirmation_token: the client alone confirms. */
  | 'modes-interchangeable'
  /** The token error links to a confirmation page, yet the token alone applies the change before anyone clicked there. */
  | 'page-not-awaited';

export interface ConfirmationFaults {
  readonly confirmationFault?: ConfirmationFault;
  /** Not a fault: the token error links to a page of the auth host where the person confirms (docs/tools.md), and the token waits for that click. */
  readonly confirmationPage?: boolean;
  /** Not a fault: the signed-in person belongs to no workspace, so may create no survey. */
  readonly withoutWriteAccess?: boolean;
}
