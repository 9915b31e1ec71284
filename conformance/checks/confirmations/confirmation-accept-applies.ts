import { fail, type Check } from '../../check.js';
import { stillHas } from './scratch.js';
import { callTool, resultOf } from './calls.js';
import { answer, ask, expectApplied, inEachWay } from './ways.js';

export const confirmationAcceptApplies: Check = {
  id: 'confirmation-accept-applies',
  group: 'confirmations',
  title: 'The repeated call with the confirmation (an accepted input request, or the token once the person confirmed on the page the deployment offers, not before) applies the change, to that question alone, in each era offered',
  spec: 'MCP 2026-07-28 basic/patterns/mrtr (SEP-2322); docs/tools.md "Confirmations"',
  level: 'MUST',
  era: 'any',
  needsSignIn: true,
  async run(ctx) {
    return inEachWay(ctx, async (way, survey) => {
      const [question, other] = survey.questions;
      const asked = await ask(ctx, way, question);
      if (asked.page) {
        // Where the person confirms on a page, the assistant alone repeating the call changes nothing.
        const alone = resultOf(await callTool(ctx, way.era, { name: 'delete_question', arguments: { question_id: question.id, confirmation_token: asked.seal } }), `${way.label}: the repeated call before the person confirmed on the page`);
        if (alone.isError !== true || (await stillHas(ctx, way.era, survey, question)) === false) {
          fail(`${way.label}: the repeated call with the token deleted question "${question.id}" before the person confirmed on ${asked.page.url.origin}${asked.page.url.pathname}: an assistant alone confirmed`);
        }
      }
      expectApplied(asked, await answer(ctx, asked, question), 'the confirmed call');
      if (await stillHas(ctx, way.era, survey, question)) fail(`${way.label}: the confirmed delete_question answered success, yet question "${question.id}" is still there`);
      if (!(await stillHas(ctx, way.era, survey, other))) fail(`${way.label}: confirming the deletion of "${question.id}" deleted "${other.id}" too`);
      return `${way.label}: deleted once confirmed${asked.page ? ' on the page, not before' : ''}`;
    });
  },
};
