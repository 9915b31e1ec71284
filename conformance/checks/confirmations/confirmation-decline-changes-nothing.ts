import { fail, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { toolErrorMessage } from '../../mcp.js';
import { resultOf } from './calls.js';
import { stillHas, type ScratchQuestion } from './scratch.js';
import { answer, ask, declineOnPage, expectApplied, inEachWay, type Asked, type Reply } from './ways.js';

const REFUSALS: readonly Reply[] = ['decline', 'cancel', 'confirm false'];

export const confirmationDeclineChangesNothing: Check = {
  id: 'confirmation-decline-changes-nothing',
  group: 'confirmations',
  title: "Nothing changes without the confirmation: a declined, cancelled or unconfirmed input request completes without the change and spends its requestState, an ask left unanswered leaves the question, and \"Don't do it\" on the confirmation page is answered and applies nothing, in each era offered",
  spec: 'MCP 2026-07-28 basic/patterns/mrtr (SEP-2322); docs/tools.md "Confirmations"',
  level: 'MUST',
  era: 'any',
  needsSignIn: true,
  async run(ctx) {
    return inEachWay(ctx, async (way, survey) => {
      const [question] = survey.questions;
      const kept = async (after: string): Promise<void> => {
        if (!(await stillHas(ctx, way.era, survey, question))) fail(`${way.label}: question "${question.id}" was deleted after ${after}`);
      };
      if (way.kind === 'confirmation token') {
        // A client that cannot ask its person declines by not calling again: the ask alone must change nothing.
        const asked = await ask(ctx, way, question);
        await kept('the ask, with no confirmation');
        return `${way.label}: question still there after the ask alone${await declinedOnPage(ctx, asked, question, kept)}`;
      }
      for (const reply of REFUSALS) {
        const asked = await ask(ctx, way, question);
        expectApplied(asked, await answer(ctx, asked, question, reply), `the repeated call answering "${reply}"`);
        await kept(`answering "${reply}"`);
        // The person's no spends the requestState: the client cannot turn it into a yes afterwards.
        if (way.kind === 'input request') {
          await answer(ctx, asked, question, 'confirm');
          await kept(`answering "${reply}", then the same requestState sent back with "accept"`);
        }
      }
      const spent = way.kind === 'input request' ? ', and after each the same requestState sent back accepted' : '';
      return `${way.label}: question still there after ${REFUSALS.join(', ')}${spent}`;
    });
  },
};

/**
 * The person presses "Don't do it" on the deployment's confirmation page (docs/tools.md): the page
 * answers 200, and the call repeated with the token changes nothing. Where the deployment then
 * says the confirmation is spent ("validation failed: confirmation_token …"), Confirm pressed
 * afterwards on the page as first shown must not revive it; where it says only that the person
 * has not confirmed, a later yes is theirs to give, and is not judged.
 */
async function declinedOnPage(ctx: CheckContext, asked: Asked, question: ScratchQuestion, kept: (after: string) => Promise<void>): Promise<string> {
  const shown = await declineOnPage(ctx, asked);
  if (!shown) return '';
  const declined = "pressing \"Don't do it\" on the confirmation page";
  // 'decline' sends the token alone: the runner presses nothing more on the page.
  const repeated = await answer(ctx, asked, question, 'decline');
  await kept(`${declined}, then the call repeated with its token`);
  const result = resultOf(repeated, `${asked.way.label}: the call repeated with the token after ${declined}`);
  const message = result.isError === true ? toolErrorMessage(result) : undefined;
  if (!message?.startsWith('validation failed: confirmation_token')) {
    return `; after ${declined} (HTTP 200) the repeated call changed nothing${message ? ` ("${message}")` : ''}, and the token was not said to be spent`;
  }
  const { approveOn } = ctx.signIn();
  if (!approveOn) return `; after ${declined} (HTTP 200) the repeated call was refused ("${message}")`;
  await approveOn(shown);
  await answer(ctx, asked, question, 'decline');
  await kept(`${declined}, the token refused as spent ("${message}"), then Confirm pressed on the same page and the call repeated`);
  return `; after ${declined} (HTTP 200) the repeated call was refused ("${message}"), and Confirm pressed afterwards on the same page revived nothing`;
}
