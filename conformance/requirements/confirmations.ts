import { branch, branchIn, inEra, missing, requirementsFrom, type Requirement } from './requirement.js';

const { must } = requirementsFrom('survey-mcp tools', 'any');

/** What the runner does not do, in the words every branch it leaves shares. */
const ONE_PERSON = 'the runner signs in one person: no check presents a confirmation as another person, nor removes the person\'s access between the two calls';

/**
 * The confirmation rule survey-mcp states in its README and docs/tools.md (issue 37): a call a
 * person would regret asks first, in each era in the form that era and the client call for. The
 * runner proves it on delete_question, which asks always, on a scratch survey of its own.
 */
export const CONFIRMATION_REQUIREMENTS: readonly Requirement[] = [
  must('tools-confirm-asks-first', 'docs/tools.md "Confirmations"', 'A call that cannot be undone asks its person first, in plain words naming what is lost: an input request to a 2026-07-28 client that declared elicitation, else a tool error with a confirmation token', [
    branchIn('2026-07-28', '2026-07-28 input request (client declared elicitation)', 'confirmation-asked-first'),
    branchIn('2025-11-25', '2025-11-25 confirmation token (client without elicitation)', 'confirmation-asked-first'),
    branchIn('2026-07-28', '2026-07-28 confirmation token (client without elicitation)', 'confirmation-asked-first'),
    branchIn('2025-11-25', '2025-11-25 elicitation/create in the answer stream (client declared elicitation)', 'confirmation-asked-first'),
  ]),
  must('tools-confirm-nothing-without', 'docs/tools.md "Confirmations"', 'Nothing changes without the confirmation: an ask left unanswered, declined, cancelled or answered without confirming changes nothing', [
    inEra('2025-11-25', 'confirmation-decline-changes-nothing'),
    inEra('2026-07-28', 'confirmation-decline-changes-nothing'),
  ]),
  must('tools-confirm-applies', 'docs/tools.md "Confirmations"', 'The repeated call with the confirmation applies exactly the change asked about', [
    inEra('2025-11-25', 'confirmation-accept-applies'),
    inEra('2026-07-28', 'confirmation-accept-applies'),
  ]),
  must('tools-confirm-sealed', 'docs/tools.md "Confirmations"', 'A confirmation is sealed, single use and bound to the exact call, person and client: altered, replayed or presented for another call, it is refused and changes nothing', [
    branch('altered', 'confirmation-tampered-state-refused'),
    branch('used once already', 'confirmation-replay-refused'),
    branch('another call (another question)', 'confirmation-other-call-refused'),
    branch('another client of the same person', 'confirmation-other-call-refused'),
    missing('another person', ONE_PERSON),
  ]),
  must('tools-confirm-expires', 'docs/tools.md "Confirmations"', 'A confirmation expires within 5 minutes', [
    branch('confirmation token expires_at', 'confirmation-asked-first'),
    missing('refused once expired', 'no check waits out the 5 minutes: a run would take that long'),
  ]),
  must('tools-confirm-permissions-again', 'docs/tools.md "Confirmations"', 'Permissions are checked again at the confirmed call: a person who lost access in between is refused', [missing('access lost between the calls', ONE_PERSON)]),
];

