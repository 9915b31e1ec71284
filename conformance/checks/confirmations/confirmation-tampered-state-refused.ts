import { fail, type Check } from '../../check.js';
import { stillHas } from './scratch.js';
import { answer, ask, expectRefused, inEachWay } from './ways.js';

export const confirmationTamperedStateRefused: Check = {
  id: 'confirmation-tampered-state-refused',
  group: 'confirmations',
  title: 'A requestState or confirmation token altered by the client is refused (-32602 in an input request, a validation tool error for a token) and changes nothing, in each era offered',
  spec: 'MCP 2026-07-28 basic/patterns/mrtr "Server Requirements": integrity-protected (SEP-2322, sep-2322-reject-tampered-state); docs/tools.md "Confirmations"',
  level: 'MUST',
  era: 'any',
  needsSignIn: true,
  async run(ctx) {
    return inEachWay(ctx, async (way, survey) => {
      const [question] = survey.questions;
      const asked = await ask(ctx, way, question);
      // As the official suite's scenario alters it: appended text, which no integrity check lets through.
      const account = expectRefused(asked, await answer(ctx, asked, question, 'confirm', `${asked.seal}-TAMPERED`), 'the confirmed call with the seal altered');
      if (!(await stillHas(ctx, way.era, survey, question))) fail(`${way.label}: question "${question.id}" was deleted with an altered seal`);
      return account;
    }, true);
  },
};
