import { fail, type Check } from '../../check.js';
import { stillHas } from './scratch.js';
import { answer, ask, expectRefused, inEachWay } from './ways.js';

export const confirmationOtherCallRefused: Check = {
  id: 'confirmation-other-call-refused',
  group: 'confirmations',
  title: 'A requestState or confirmation token issued for one question is refused for another, which stays, in each era offered',
  spec: 'MCP 2026-07-28 basic/patterns/mrtr "Server Requirements": bound to its request (SEP-2322); docs/tools.md "Confirmations"',
  level: 'MUST',
  era: 'any',
  needsSignIn: true,
  async run(ctx) {
    return inEachWay(ctx, async (way, survey) => {
      const [question, other] = survey.questions;
      const asked = await ask(ctx, way, question);
      const account = expectRefused(asked, await answer(ctx, asked, other), `delete_question "${other.id}" with the confirmation issued for "${question.id}"`);
      if (!(await stillHas(ctx, way.era, survey, other))) fail(`${way.label}: question "${other.id}" was deleted with the confirmation issued for "${question.id}"`);
      return account;
    }, true);
  },
};
