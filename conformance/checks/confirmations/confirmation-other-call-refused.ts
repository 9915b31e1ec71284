import { fail, type Check } from '../../check.js';
import { otherClientToken } from './elicitation.js';
import { stillHas } from './scratch.js';
import { answer, ask, expectRefused, inEachWay } from './ways.js';

export const confirmationOtherCallRefused: Check = {
  id: 'confirmation-other-call-refused',
  group: 'confirmations',
  title: 'A requestState or confirmation token issued for one question is refused for another, and presented by another OAuth client of the same person, and the question stays, in each era offered',
  spec: 'MCP 2026-07-28 basic/patterns/mrtr "Server Requirements": bound to its request (SEP-2322); docs/tools.md "Confirmations" (bound to the call, person and client)',
  level: 'MUST',
  era: 'any',
  needsSignIn: true,
  async run(ctx) {
    return inEachWay(ctx, async (way, survey) => {
      const [question, other] = survey.questions;
      const asked = await ask(ctx, way, question);
      const account = expectRefused(asked, await answer(ctx, asked, other), `delete_question "${other.id}" with the confirmation issued for "${question.id}"`);
      if (!(await stillHas(ctx, way.era, survey, other))) fail(`${way.label}: question "${other.id}" was deleted with the confirmation issued for "${question.id}"`);
      const token = await otherClientToken(ctx, way.era);
      const byOther = expectRefused(asked, await answer(ctx, asked, question, 'confirm', asked.seal, token), `delete_question "${question.id}" by another client of the same person, with the confirmation issued to the runner's`);
      if (!(await stillHas(ctx, way.era, survey, question))) fail(`${way.label}: question "${question.id}" was deleted by another client with the confirmation issued to the runner's`);
      return `${account}, by another client ${byOther.slice(way.label.length + 2)}`;
    }, true);
  },
};
