import { fail, type Check } from '../../check.js';
import { stillHas } from './scratch.js';
import { answer, ask, expectApplied, inEachWay, type Reply } from './ways.js';

const REFUSALS: readonly Reply[] = ['decline', 'cancel', 'confirm false'];

export const confirmationDeclineChangesNothing: Check = {
  id: 'confirmation-decline-changes-nothing',
  group: 'confirmations',
  title: 'Nothing changes without the confirmation: a declined, cancelled or unconfirmed input request completes without the change and spends its requestState, and an ask left unanswered leaves the question, in each era offered',
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
        await ask(ctx, way, question);
        await kept('the ask, with no confirmation');
        return `${way.label}: question still there after the ask alone`;
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
