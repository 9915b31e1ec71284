import { fail, type Check } from '../../check.js';
import { stillHas } from './scratch.js';
import { answer, ask, expectApplied, inEachWay } from './ways.js';

export const confirmationAcceptApplies: Check = {
  id: 'confirmation-accept-applies',
  group: 'confirmations',
  title: 'The repeated call with the confirmation (an accepted input request, or the token) applies the change, to that question alone, in each era offered',
  spec: 'MCP 2026-07-28 basic/patterns/mrtr (SEP-2322); docs/tools.md "Confirmations"',
  level: 'MUST',
  era: 'any',
  needsSignIn: true,
  async run(ctx) {
    return inEachWay(ctx, async (way, survey) => {
      const [question, other] = survey.questions;
      const asked = await ask(ctx, way, question);
      expectApplied(asked, await answer(ctx, asked, question), 'the confirmed call');
      if (await stillHas(ctx, way.era, survey, question)) fail(`${way.label}: the confirmed delete_question answered success, yet question "${question.id}" is still there`);
      if (!(await stillHas(ctx, way.era, survey, other))) fail(`${way.label}: confirming the deletion of "${question.id}" deleted "${other.id}" too`);
      return `${way.label}: deleted once confirmed`;
    });
  },
};
