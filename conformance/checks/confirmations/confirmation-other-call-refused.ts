import { fail, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { toolErrorMessage } from '../../mcp.js';
import { callTool, resultOf } from './calls.js';
import { otherClientToken } from './elicitation.js';
import { stillHas, type ScratchQuestion, type ScratchSurvey } from './scratch.js';
import { answer, ask, expectRefused, inEachWay, type Asked } from './ways.js';

/**
 * A requestState is the answer to a form, not a token a client may repeat alone (docs/tools.md):
 * sent back as the confirmation_token of a client that cannot ask, it is refused and changes nothing.
 */
async function stateAsToken(ctx: CheckContext, asked: Asked, survey: ScratchSurvey, question: ScratchQuestion): Promise<string> {
  const what = `${asked.way.label}: delete_question "${question.id}" with the requestState sent back as its confirmation_token`;
  const result = resultOf(await callTool(ctx, asked.way.era, { name: 'delete_question', arguments: { question_id: question.id, confirmation_token: asked.seal } }), what);
  if (!(await stillHas(ctx, asked.way.era, survey, question))) fail(`${what}: question "${question.id}" was deleted`);
  if (result.isError !== true) fail(`${what}: expected a tool error, got a result that is not one`);
  return `"${toolErrorMessage(result) ?? ''}"`;
}

export const confirmationOtherCallRefused: Check = {
  id: 'confirmation-other-call-refused',
  group: 'confirmations',
  title: 'A requestState or confirmation token issued for one question is refused for another, presented by another OAuth client of the same person, and a requestState sent back as a confirmation_token, and the question stays, in each era offered',
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
      const crossed = way.kind === 'input request' ? `, as a confirmation_token ${await stateAsToken(ctx, asked, survey, question)}` : '';
      return `${account}, by another client ${byOther.slice(way.label.length + 2)}${crossed}`;
    }, true);
  },
};
