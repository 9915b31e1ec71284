import { fail, type Check } from '../../check.js';
import { MODERN_REVISION } from '../../modern.js';
import { ask, inEachWay, type Way } from './ways.js';

/** How long a confirmation may stay open (docs/tools.md), and the clock skew tolerated on top. */
const FIVE_MINUTES_MS = 5 * 60_000;
const SKEW_MS = 60_000;

/**
 * 2026-07-28 clients whose elicitation declaration is read wrong easily: `{}` means form mode
 * (client/elicitation), so it is asked; URL mode alone must never get a form (servers MUST NOT
 * send a mode the client did not declare), so it gets the token, or a URL-mode elicitation of a page.
 */
const DECLARATIONS: readonly Way[] = [
  { era: MODERN_REVISION, kind: 'input request', label: `${MODERN_REVISION} input request to elicitation {}`, declares: {} },
  { era: MODERN_REVISION, kind: 'confirmation token', label: `${MODERN_REVISION} confirmation token to elicitation {url: {}}`, declares: { url: {} } },
];

export const confirmationAskedFirst: Check = {
  id: 'confirmation-asked-first',
  group: 'confirmations',
  title: 'delete_question first asks, in plain words naming the question or survey, in the form its era and client call for (in 2026-07-28 a form to elicitation {}, to URL mode alone the token or a URL-mode elicitation, never a form), in each era offered',
  spec: 'MCP 2026-07-28 basic/patterns/mrtr "Server Requirements" (SEP-2322); MCP 2025-11-25 client/elicitation (modes declared); docs/tools.md "Confirmations"',
  level: 'MUST',
  era: 'any',
  needsSignIn: true,
  async run(ctx) {
    return inEachWay(ctx, async (way, survey) => {
      const [question] = survey.questions;
      const asked = await ask(ctx, way, question);
      // An elicitation waits in an open stream: answer it before judging, so that it ends with the check.
      if (asked.respond) await asked.respond('decline');
      const what = `${way.label}: delete_question "${question.id}"`;
      if (!asked.summary.includes(question.text) && !asked.summary.includes(survey.title)) {
        fail(`${what}: the confirmation "${asked.summary.slice(0, 160)}" names neither the question ("${question.text}") nor the survey ("${survey.title}")`);
      }
      if (way.kind === 'confirmation token') {
        const expires = typeof asked.expiresAt === 'string' ? Date.parse(asked.expiresAt) : Number.NaN;
        const now = Date.now();
        if (!(expires > now - SKEW_MS && expires <= now + FIVE_MINUTES_MS + SKEW_MS)) {
          fail(`${what}: "expires_at" is ${JSON.stringify(asked.expiresAt)}, not an ISO-8601 time within the next 5 minutes`);
        }
      }
      // Asking changes nothing: the declarations ride along on the same question.
      const also = way.kind === 'input request' ? DECLARATIONS : [];
      for (const declaration of also) await ask(ctx, declaration, question);
      return [`${way.label}: asked "${asked.summary.slice(0, 120)}"`, ...also.map((declaration) => `${declaration.label}: asked`)].join('; ');
    });
  },
};
